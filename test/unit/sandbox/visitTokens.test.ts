import { describe, expect, it } from 'vitest';
import { ScopedStore } from '../../../src/sandbox/public/visitTokens.js';

// What a form page keeps between a visitor's requests is bounded in entries and, for files waiting
// for a retry, in bytes: past the budget the oldest visits' files go first.
interface Entry {
  qrId: string;
  visitor: string;
  expiresMs: number;
  bytes: number;
}
const entry = (bytes: number): Entry => ({ qrId: 'Q', visitor: 'v', expiresMs: 1_000, bytes });

describe('a visit store with a byte budget', () => {
  it('drops the oldest entries, with what they hold, once the newest would pass the budget', () => {
    const dropped: number[] = [];
    const store = new ScopedStore<Entry>((e) => dropped.push(e.bytes), (e) => e.bytes, 12);
    const a = store.put(entry(4));
    const b = store.put(entry(5));
    expect(dropped).toEqual([]);
    const c = store.put(entry(6));
    expect(dropped).toEqual([4]); // 4 + 5 + 6 > 12: the oldest goes
    expect(store.get(a, 'Q', 'v', 0)).toBeUndefined();
    expect([store.get(b, 'Q', 'v', 0)?.bytes, store.get(c, 'Q', 'v', 0)?.bytes]).toEqual([5, 6]);
    // taken by a submission: forgotten, not dropped (its files are the submission's), and weighs no more
    store.forget(b);
    store.put(entry(4));
    expect(dropped).toEqual([4]);
    // one entry over the whole budget is kept alone, the others give way
    const big = store.put(entry(25));
    expect(store.get(big, 'Q', 'v', 0)?.bytes).toBe(25);
    expect(dropped).toEqual([4, 6, 4]);
  });

  it('a token put again replaces its entry without dropping what it held', () => {
    const dropped: number[] = [];
    const store = new ScopedStore<Entry>((e) => dropped.push(e.bytes), (e) => e.bytes, 10);
    const t = store.put(entry(6));
    store.put(entry(7), t);
    expect(dropped).toEqual([]);
    expect(store.get(t, 'Q', 'v', 0)?.bytes).toBe(7);
    store.sweep(2_000);
    expect(dropped).toEqual([7]);
  });
});
