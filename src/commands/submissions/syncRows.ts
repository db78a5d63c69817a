import { textOf } from '../../api/bodyText.js';
import { submissionsPageOf, type Submission } from '../../api/resources/submissions.js';
import { submissionRedaction, type SubmissionRedaction } from '../../domain/redact.js';
import type { SyncSubmission } from '../../domain/syncColumns.js';
import { NewestSeen } from './newest.js';
import { elementTexts } from '../../cmdutil/jsonSpans.js';
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
    // the state's newest rows, which the page's newest rows replace
    this.newest = new NewestSeen(plan.since === undefined ? undefined : { newestCreatedAt: plan.since, idsAtNewest: plan.skip });
    this.skip = new Set(plan.skip);
    this.redact = plan.redaction && submissionRedaction(plan.redaction);
  }

  /**
   * items newest first, as a page lists them; texts: each item's JSON as it came, stored as the raw
   * column (a redacted row's is its own). JSON that repeats a member (RFC 8259 leaves it undefined) is
   * stored as it came: the columns hold the last (as JSON.parse reads it), SQLite's json functions the
   * first.
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
 * A page's items from the text of its response (read as the client reads a page: api/resources/
 * submissions.ts submissionsPageOf), with each item's own text unless `texts` is false (a redacted
 * row's JSON is made from the redacted row).
 */
export function pageItems(text: string, qrId: string, texts = true): { items: Submission[]; texts: string[] | undefined } {
  const { items } = submissionsPageOf(text, qrId);
  // the texts only when they are the items' own, one for one (else each row's JSON is made again)
  const found = texts ? elementTexts(text, ['data', 'items']) : undefined;
  return { items, texts: found?.length === items.length ? found : undefined };
}

/** The pages of one form written through a sink's rows (main thread, or inside the SQLite worker). */
export function pagesOver(sink: RowSink, qrId: string, plan: RowsPlan): Pages {
  const rows = new SyncRows(plan);
  // rows written since the last commit
  let written = 0;
  return {
    async write(page: PageInput) {
      const { items, texts } = pageItems(textOf(page.chunks), qrId, !plan.redaction);
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
