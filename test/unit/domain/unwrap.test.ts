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

describe('since/until instants (spec §4.4)', async () => {
  const { parseInstant } = await import('../../../src/domain/instants.js');
  it('refuses calendar days that do not exist instead of rolling them over', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2025-02-29', '2026-06-15T24:00:00Z', '2026-06-15T10:60:00Z']) expect(parseInstant(bad), bad).toBeUndefined();
    expect(parseInstant('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseInstant('2026-06-15T23:59:59Z')).toBe(Date.UTC(2026, 5, 15, 23, 59, 59));
  });
});
