import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { parseJsonText, requireQrId } from '../../../src/cmdutil/input.js';
import { jsonErrorOffset } from '../../../src/cmdutil/jsonPosition.js';

describe('JSON input errors say where', () => {
  it('gives line and column', () => {
    expect(() => parseJsonText('{\n  "a": 1,\n  "b": }', 'form.json')).toThrow('form.json is not valid JSON: unexpected "}" at line 3, column 8');
  });
  it('reports a truncated file', () => {
    expect(() => parseJsonText('{"a": [1, 2', 'x.json')).toThrow('unexpected end of input at line 1, column 12');
  });
  it.each(['{"a":1,}', '[1 2]', '{"a" 1}', 'tru', '"\\x"', '01'])('finds an error in %s', (text) => {
    expect(jsonErrorOffset(text)).toBeGreaterThanOrEqual(0);
  });
  it.each(['{"a":[1,{"b":null}],"c":"\\u00e9"}', ' -1.5e3 ', '[]'])('finds none in valid %s', (text) => {
    expect(jsonErrorOffset(text)).toBe(-1);
  });
});

describe('spec §4: qrId ^[A-Z0-9]+$ before any request', () => {
  it('accepts upper case and digits', () => expect(requireQrId('AB12')).toBe('AB12'));
  it('rejects lower case and suggests the upper-case id', () => expect(() => requireQrId('ab12')).toThrow(/ids are upper case: AB12/));
  it('rejects other characters', () => expect(() => requireQrId('AB-12')).toThrow(UsageError));
});
