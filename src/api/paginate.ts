import type { Page } from '../domain/pages.js';

export type { Page };
/**
 * Walks every page of a list route (spec §4.1/§4.4 page math). Items are de-duplicated by id, because
 * a record created while walking shifts later pages by one and would otherwise appear twice.
 */
export async function* paginate<T>(fetchPage: (page: number) => Promise<Page<T>>, idOf: (item: T) => string): AsyncGenerator<T> {
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const p = await fetchPage(page);
    for (const item of p.items) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      yield item;
    }
    if (page >= p.totalPages || p.items.length === 0) return;
  }
}
