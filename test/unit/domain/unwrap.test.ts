import { describe, expect, it } from 'vitest';
import { unwrapAnswers } from '../../../src/domain/answers.js';
import { isCI } from '../../../src/io/streams.js';

describe('one reading of shared rules', () => {
  it('takes bare answers or a whole submission alike', () => {
    expect(unwrapAnswers({ f1: 'a' })).toEqual({ f1: 'a' });
    expect(unwrapAnswers({ id: 'x', answers: { f1: 'a' }, createdAt: 't' })).toEqual({ f1: 'a' });
    // a form whose field key is "answers" among other keys stays bare
    expect(unwrapAnswers({ answers: { x: 1 }, f2: 'b' })).toEqual({ answers: { x: 1 }, f2: 'b' });
  });
  it('reads CI as set unless empty, "false" or "0"', () => {
    expect(isCI({ CI: 'true' })).toBe(true);
    expect(isCI({ CI: '1' })).toBe(true);
    for (const v of [undefined, '', 'false', '0']) expect(isCI({ CI: v })).toBe(false);
  });
});
