import { describe, expect, it } from 'vitest';
import { walkPages, type Fetched } from '../../../src/api/pageWalker.js';
import { ApiError } from '../../../src/errors.js';
import type { Page } from '../../../src/domain/pages.js';

// The one page walker (src/api/pageWalker.ts): pages fetched ahead, up to the window, yielded in
// order; a page fetched as a function is decoded only when its turn comes.
const page = (n: number, totalPages: number): Page<number> => ({ items: [n], total: totalPages, page: n, pageSize: 1, totalPages });

describe('walkPages', () => {
  it('decodes a page fetched ahead only in its turn, while the pages after it are already fetched', async () => {
    const events: string[] = [];
    const fetchPage = async (n: number): Promise<Fetched<Page<number>>> => {
      events.push(`fetch ${n}`);
      return () => {
        events.push(`decode ${n}`);
        return page(n, 5);
      };
    };
    const got: number[] = [];
    for await (const p of walkPages(fetchPage, { window: 3 })) {
      events.push(`yield ${p.number}`);
      got.push(p.items[0]!);
    }
    expect(got).toEqual([1, 2, 3, 4, 5]);
    // page 1 is decoded to learn the size; each later page waits fetched, undecoded, until the one
    // before it is done
    for (let n = 2; n <= 5; n++) expect(events.indexOf(`decode ${n}`), `page ${n}`).toBeGreaterThan(events.indexOf(`yield ${n - 1}`));
    expect(events.indexOf('fetch 4')).toBeLessThan(events.indexOf('decode 2'));
    for (let n = 1; n <= 5; n++) expect(events.filter((e) => e === `decode ${n}`)).toHaveLength(1);
    // never more than the window fetched and not yet yielded
    let open = 0;
    for (const e of events) {
      if (e.startsWith('fetch') && e !== 'fetch 1') open++;
      if (e.startsWith('yield') && e !== 'yield 1') open--;
      expect(open).toBeLessThanOrEqual(3);
    }
  });

  it('takes pages as they are too (decoded already), in the order asked', async () => {
    const fetchPage = async (n: number): Promise<Fetched<Page<number>>> => page(n, 4);
    const got: number[] = [];
    for await (const p of walkPages(fetchPage, { window: 2, order: 'last-to-first' })) got.push(p.number);
    expect(got).toEqual([4, 3, 2, 1]);
  });

  it("a page that cannot be decoded fails in its turn, after the pages before it were yielded", async () => {
    const fetchPage = async (n: number): Promise<Fetched<Page<number>>> => () => {
      if (n === 3) throw new Error('page 3 is no envelope');
      return page(n, 4);
    };
    const got: number[] = [];
    await expect((async () => {
      for await (const p of walkPages(fetchPage, { window: 4 })) got.push(p.number);
    })()).rejects.toThrow('page 3 is no envelope');
    expect(got).toEqual([1, 2]);
  });

  it('once a deferred fetch says the monthly quota is gone, no further page is asked for', async () => {
    const asked: number[] = [];
    const fetchPage = async (n: number): Promise<Fetched<Page<number>>> => {
      asked.push(n);
      if (n === 3) throw new ApiError(429, 'Sorry, your API request limit has been reached', 429, {}, 'GET', '/forms/A/submissions');
      return () => page(n, 10);
    };
    const got: number[] = [];
    await expect((async () => {
      for await (const p of walkPages(fetchPage, { window: 2 })) got.push(p.number);
    })()).rejects.toMatchObject({ status: 429 });
    expect(got).toEqual([1, 2]);
    // pages 2 and 3 were in flight when page 3's answer came; nothing after it was asked for (a
    // walker that missed the quota would ask for page 4 when page 3's turn came)
    expect(asked).toEqual([1, 2, 3]);
  });
});
