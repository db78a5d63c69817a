import { ApiError, isQuotaExhausted } from '../errors.js';
import { BUNDLED } from '../version.js';

// THE one place pages of a list are fetched ahead: submissions export, submissions sync, list --all
// and `api --paginate` walk pages through it and keep only what they do with a page.
//
// It fetches page 1 first (unless given it: export and sync need it to pin their window and learn
// the size), then the others in the order asked, up to `window` requests in flight, and yields them
// strictly in that order. Once a final 429 says the monthly quota is gone, it asks for no further
// page (each would fail the same way, at a cost); the failure itself surfaces when its page's turn
// comes. Leaving the loop early (break, an error in the consumer) stops it launching more.

export interface WalkOptions<P> {
  /** page 1 when the caller fetched it already */
  first?: P;
  /** requests in flight at most, the page being awaited included (1: one at a time) */
  window?: number;
  /** 'first-to-last' (1, 2, …) or 'last-to-first' (N … 1: oldest first on a newest-first list) */
  order?: 'first-to-last' | 'last-to-first';
  /** after each page is yielded: pages done and the number of pages */
  onPage?(done: number, pages: number): void;
}

/** the page number asked for, with the page */
export type WalkedPage<P> = P & { number: number };

/**
 * A page as fetched: the page (a Page, or anything that says how many pages there are: sync hands
 * pages on as their bytes), or a function that decodes it (listSubmissionsDeferred), called when the
 * page's turn comes, so that pages fetched ahead wait as bytes.
 */
export type Fetched<P> = P | (() => P);

export async function* walkPages<P extends { totalPages: number }>(fetchPage: (page: number) => Promise<Fetched<P>>, opts: WalkOptions<P> = {}): AsyncGenerator<WalkedPage<P>> {
  const window = Math.max(1, opts.window ?? 1);
  const first = opts.first ?? opened(await fetchPage(1));
  const pages = Math.max(1, first.totalPages);
  if (pages > LONG_WALK_PAGES) await holdYoungGeneration();
  const order = Array.from({ length: pages }, (_, i) => (opts.order === 'last-to-first' ? pages - i : i + 1));
  // pages asked for and not yet yielded; page 1 is held apart and never counts against the window
  const inflight = new Map<number, Promise<Fetched<P>>>();
  let next = 0;
  let quotaGone = false;
  const launch = () => {
    while (!quotaGone && next < order.length && inflight.size < window) {
      const p = order[next++]!;
      if (p === 1) continue;
      const pending = fetchPage(p);
      // awaited in its turn; this keeps a failure from going unhandled meanwhile
      pending.catch((e: unknown) => {
        if (e instanceof ApiError && isQuotaExhausted(e.status, e.message)) quotaGone = true;
      });
      inflight.set(p, pending);
    }
  };
  try {
    for (let done = 0; done < order.length; done++) {
      const p = order[done]!;
      launch();
      // (a page not in flight is one the quota stop held back: the failure before it ends the walk)
      const page = p === 1 ? first : opened(await (inflight.get(p) ?? fetchPage(p)));
      inflight.delete(p);
      yield { ...page, number: p };
      opts.onPage?.(done + 1, order.length);
      // rows created meanwhile push the last rows of a newest-first list onto a new page: follow them
      if (opts.order !== 'last-to-first' && done === order.length - 1) for (let k = order.length + 1; k <= page.totalPages; k++) order.push(k);
    }
  } finally {
    quotaGone = true; // nothing more is launched once the consumer leaves
  }
}

/** a walk longer than this holds V8's young generation at its size (holdYoungGeneration) */
const LONG_WALK_PAGES = 20;

/**
 * A long walk's memory stays flat in the number of pages. Every young-generation collection keeps
 * what is still in use (the requests in flight, the page being written), and V8 doubles its young
 * generation each time the bytes kept since the last doubling exceed its size: over a long walk it
 * grows on (to 16 MB per semi-space, 48 MB committed), however little each collection keeps, and a
 * 300,000-row export peaked at 95 MB against 77 MB for 100,000 rows. Held at the size it has (V8's
 * growth factor 1, read at each growth, so it can be set at run time), the same exports peak at
 * 78–82 and 83–87 MB for the same speed on Node 20 (Node 24: 100 and 94 MB, against 100 and 113).
 * The flag is the process's: set only by the built CLI, never where commands run inside another
 * process (the in-process tests, from the sources). A command runs its walks and ends; `formctl
 * mcp`, which answers many calls, keeps the young generation held for the rest of its session (as
 * flat, for a few more collections).
 */
let held = false;
async function holdYoungGeneration(): Promise<void> {
  if (held || !BUNDLED) return;
  held = true;
  (await import('node:v8')).setFlagsFromString('--semi-space-growth-factor=1');
}

function opened<P>(fetched: Fetched<P>): P {
  return typeof fetched === 'function' ? (fetched as () => P)() : fetched;
}
