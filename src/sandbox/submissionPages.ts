import type { PageAnchor } from './repo/submissions.js';

/**
 * Offset pages emulated without O(N²) work: for one window (form, since, until, limit) at one data
 * version, the count is computed once and the first and last row of every page served are
 * remembered, so a page near one served before is found from there (a keyset step) instead of by
 * walking the offset again: the next page continues after the last row of the one before (an export
 * walks first to last), and the page before starts just before the first row of the one after
 * (`submissions sync` walks last to first). The version in the key comes from the database, so
 * writes from any process invalidate these caches. One per sandbox instance.
 */
export interface PageWindow {
  total?: number;
  /** page number → (created_ms, seq) of its last row, for full pages */
  ends: Map<number, [number, number]>;
  /** page number → (created_ms, seq) of its first row */
  starts: Map<number, [number, number]>;
}

const MAX_WINDOWS = 256;
/** how many pages away a remembered row is still looked for */
const LOOK = 64;

export class SubmissionPages {
  private readonly windows = new Map<string, PageWindow>();

  window(key: string): PageWindow {
    let w = this.windows.get(key);
    if (!w) {
      if (this.windows.size >= MAX_WINDOWS) this.windows.delete(this.windows.keys().next().value!);
      w = { ends: new Map(), starts: new Map() };
      this.windows.set(key, w);
    }
    return w;
  }

  /** The cheapest way to a page: the nearest remembered row on either side, or the offset. */
  static anchor(w: PageWindow, page: number, limit: number): PageAnchor {
    const offset = (page - 1) * limit;
    for (let d = 1; d <= LOOK && (d - 1) * limit < offset; d++) {
      const end = w.ends.get(page - d);
      if (end) return { after: end, skip: (d - 1) * limit };
      const start = w.starts.get(page + d);
      if (start) return { before: start, skip: (d - 1) * limit };
    }
    return { skip: offset };
  }

  /** Remembers a page's first row, and its last when the page is full: `key` gives a row's (created_ms, seq). */
  static served<R>(w: PageWindow, page: number, limit: number, rows: readonly R[], key: (row: R) => [number, number]): void {
    const first = rows[0];
    const last = rows.at(-1);
    if (first !== undefined) w.starts.set(page, key(first));
    if (last !== undefined && rows.length === limit) w.ends.set(page, key(last));
  }
}
