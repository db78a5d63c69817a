import type { Submission } from '../../api/resources/submissions.js';
import { submissionRedaction, type SubmissionRedaction } from '../../domain/redact.js';
import type { SyncSubmission } from '../../domain/syncColumns.js';
import { NewestSeen } from './newest.js';
import { elementTexts } from '../../cmdutil/jsonPosition.js';
import type { Pages, PageInput, RowsPlan, RowSink, SyncState } from './syncShared.js';

// What `submissions sync` does with a page of submissions, wherever its rows are written: on the main
// thread (PostgreSQL, and SQLite run from the sources) or in the SQLite sink's worker thread, which is
// handed the pages as the bytes that came and parses them itself (syncWorker.ts) — so the walk's
// thread only fetches, and the rows never cross between threads as objects.

/**
 * A page's rows, oldest first: the rows at the state's edge that were synced before are skipped
 * (spec §4.4: since is inclusive), --redact applied; the newest rows seen and, with --full, every id
 * seen are remembered for the commit and for deleteMissing.
 */
export class SyncRows {
  readonly newest: NewestSeen;
  readonly seen = new Set<string>();
  private readonly skip: Set<string>;
  private readonly redact: SubmissionRedaction | undefined;

  constructor(private readonly plan: RowsPlan) {
    this.newest = new NewestSeen(plan.from);
    this.skip = new Set(plan.skip);
    this.redact = plan.redaction && submissionRedaction(plan.redaction);
  }

  /**
   * items newest first, as a page lists them; texts: each item's JSON as it came, stored as the raw
   * column (a redacted row's is its own)
   */
  take(items: readonly Submission[], texts?: readonly string[]): { rows: SyncSubmission[]; json: string[] } {
    const rows: SyncSubmission[] = [];
    const json: string[] = [];
    const { full, since, fields } = this.plan;
    for (let i = items.length - 1; i >= 0; i--) {
      const s = items[i]!;
      if (full) this.seen.add(s.id);
      if (s.createdAt === since && this.skip.has(s.id)) continue;
      const row = (this.redact ? this.redact(s, fields) : s) as SyncSubmission;
      rows.push(row);
      json.push(texts && !this.redact ? texts[i]! : JSON.stringify(row));
      this.newest.see(s);
    }
    return { rows, json };
  }
}

/**
 * A page's items from the text of its response, with each item's own text: the response must be a
 * success envelope (spec §1) whose data holds the items, as ApiClient would have it.
 */
export function pageItems(text: string): { items: Submission[]; texts: string[] | undefined } {
  let env: { status?: unknown; data?: { items?: unknown } } | undefined;
  try {
    env = JSON.parse(text) as typeof env;
  } catch {
    throw new Error('the service answered a page of submissions that is not JSON');
  }
  const items = env?.status === 'success' ? env.data?.items : undefined;
  if (!Array.isArray(items)) throw new Error('the service answered a page of submissions without its items (expected {"status":"success","data":{"items":[…]}})');
  // the texts only when they are the items' own, one for one (else each row's JSON is made again)
  const texts = elementTexts(text, ['data', 'items']);
  return { items: items as Submission[], texts: texts?.length === items.length ? texts : undefined };
}

/** UTF-8 text of a page's bytes (as they came, or as they crossed to a worker thread: plain Uint8Arrays) */
export function pageText(chunks: readonly Uint8Array[]): string {
  if (chunks.length === 1) return Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength).toString('utf8');
  const decoder = new TextDecoder();
  let text = '';
  for (let i = 0; i < chunks.length; i++) text += decoder.decode(chunks[i], { stream: i < chunks.length - 1 });
  return text;
}

/** The pages of one form written through a sink's rows (main thread, or inside the SQLite worker). */
export function pagesOver(sink: RowSink, qrId: string, plan: RowsPlan): Pages {
  const rows = new SyncRows(plan);
  // rows written since the last commit
  let written = 0;
  return {
    async write(page: PageInput) {
      const { items, texts } = 'chunks' in page ? pageItems(pageText(page.chunks)) : { items: page.items, texts: undefined };
      const r = rows.take(items, texts);
      if (r.rows.length) await sink.writeRows(qrId, r.rows, r.json);
      written += r.rows.length;
    },
    async commit(base) {
      const n = written;
      written = 0;
      const state: SyncState = { ...base, newestCreatedAt: rows.newest.newest, idsAtNewest: [...rows.newest.idsAtNewest] };
      await sink.commit(state);
      return n;
    },
    deleteMissing: (table) => sink.deleteMissing(qrId, table, rows.seen),
  };
}

