import type { Page } from '../domain/pages.js';
import { walkPages } from './pageWalker.js';

export type { Page };
/**
 * Every item of a list route (spec §4.1/§4.4 page math), through the one page walker. Items are
 * de-duplicated by id, because a record created while walking shifts later pages by one and would
 * otherwise appear twice.
 */
export async function* paginate<T>(fetchPage: (page: number) => Promise<Page<T>>, idOf: (item: T) => string, opts: { window?: number } = {}): AsyncGenerator<T> {
  for await (const items of paginatePages(fetchPage, idOf, opts)) yield* items;
}

/** paginate's items a page at a time (each page's items not seen on an earlier page), for output written as pages come. */
export async function* paginatePages<T>(fetchPage: (page: number) => Promise<Page<T>>, idOf: (item: T) => string, opts: { window?: number } = {}): AsyncGenerator<T[]> {
  const seen = new Set<string>();
  for await (const page of walkPages(fetchPage, { window: opts.window ?? 1 })) {
    const fresh: T[] = [];
    for (const item of page.items) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      fresh.push(item);
    }
    yield fresh;
  }
}
