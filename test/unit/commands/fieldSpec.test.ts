import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { parseFieldSpec } from '../../../src/commands/forms/fieldSpec.js';

describe("--field 'type:Label[*][:opt1|opt2]'", () => {
  it('reads type and label', () => expect(parseFieldSpec('email:E-mail')).toEqual({ type: 'email', option: { label: 'E-mail', required: false } }));
  it('marks * as required', () => expect(parseFieldSpec('name:Your name*').option).toEqual({ label: 'Your name', required: true }));
  it('turns options into choices', () =>
    expect(parseFieldSpec('radio:Meal:veg|fish').option.options).toEqual([
      { name: 'veg', value: 'veg' },
      { name: 'fish', value: 'fish' },
    ]));
  it('turns sheet options into row labels', () => expect(parseFieldSpec('sheet:Grid:a|b').option.rowLabels).toEqual(['a', 'b']));
  it('needs a label (issue 8: `--field email` made a form with an unlabelled question)', () => {
    expect(() => parseFieldSpec('phone')).toThrow(/a label is needed/);
    expect(() => parseFieldSpec('email:*')).toThrow(/a label is needed/);
  });
  it('rejects an unknown type', () => expect(() => parseFieldSpec('slider:x')).toThrow(UsageError));
  it('rejects a radio without options', () => expect(() => parseFieldSpec('radio:Pick')).toThrow(/needs options/));
  it('rejects options on a text field', () => expect(() => parseFieldSpec('email:x:a|b')).toThrow(/takes no options/));
});
