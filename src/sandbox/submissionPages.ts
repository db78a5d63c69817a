/**
 * Offset pages emulated without O(N²) work: for one window (form, since, until, limit) at one data
 * version, the count is computed once and the end of every page served is remembered, so the next
 * page continues from there (a keyset step) instead of walking the offset again. The version in
 * the key comes from the database, so writes from any process invalidate these caches.
 * One per sandbox instance.
 */
export interface PageWindow {
  total?: number;
  /** page number → (created_ms, seq) of its last row */
  ends: Map<number, [number, number]>;
}

const MAX_WINDOWS = 256;

export class SubmissionPages {
  private readonly windows = new Map<string, PageWindow>();

  window(key: string): PageWindow {
    let w = this.windows.get(key);
    if (!w) {
      if (this.windows.size >= MAX_WINDOWS) this.windows.delete(this.windows.keys().next().value!);
      w = { ends: new Map() };
      this.windows.set(key, w);
    }
    return w;
  }

  /** The nearest earlier page whose end is known, looking back a little. */
  static nearestEnd(w: PageWindow, page: number): { page: number; end: [number, number] } | undefined {
    for (let p = page - 1; p >= 1 && p >= page - 64; p--) {
      const end = w.ends.get(p);
      if (end) return { page: p, end };
    }
    return undefined;
  }
}
