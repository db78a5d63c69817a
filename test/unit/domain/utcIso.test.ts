import { describe, expect, it } from 'vitest';
import { utcIso, utcMonth } from '../../../src/domain/instants.js';
import { seededRandom } from '../../../src/domain/random.js';

describe('utcIso', () => {
  it('is toISOString for instants across the years 0 to 9999, to the millisecond', () => {
    const r = seededRandom(20261126);
    const edges = [0, -1, 1, Date.UTC(2026, 10, 30, 23, 59, 59, 999), Date.UTC(2024, 1, 29), new Date(0).setUTCFullYear(100, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), -62167219200000];
    const random = Array.from({ length: 2000 }, () => Math.floor((r() * 2 - 1) * 2.5e14));
    for (const ms of [...edges, ...random]) expect(utcIso(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('past year 9999 or before year 0 it is toISOString too (six-digit signed years)', () => {
    for (const ms of [Date.UTC(10000, 0, 1), -62167219200001, 8.64e15, -8.64e15]) expect(utcIso(ms)).toBe(new Date(ms).toISOString());
    expect(() => utcIso(Number.NaN)).toThrow(RangeError);
  });

  it('is now when given nothing', () => {
    const before = Date.now();
    const t = Date.parse(utcIso());
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });
});

describe('utcMonth', () => {
  it('is the UTC calendar month of an instant: the last millisecond of a month and the first of the next', () => {
    expect(utcMonth(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe('2026-11');
    expect(utcMonth(Date.UTC(2026, 11, 1))).toBe('2026-12');
    expect(utcMonth(Date.UTC(2027, 0, 1) - 1)).toBe('2026-12');
  });
});
