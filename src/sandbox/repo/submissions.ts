import type { Db } from './db.js';
import type { SqlValue } from './sqlite.js';

export interface SubmissionRow {
  seq: number;
  id: string;
  qr_id: string;
  account_id: string;
  answers: string;
  quiz: string | null;
  time_spent: number | null;
  time_expired: number | null;
  created_ms: number;
  created_at: string;
  updated_at: string;
}

export interface NewSubmission {
  id: string;
  qrId: string;
  accountId: string;
  answers: unknown;
  quiz?: unknown;
  timeSpent?: number | null;
  timeExpired?: boolean;
  createdMs: number;
}

const NEWEST_FIRST = 'ORDER BY created_ms DESC, seq DESC';
const OLDEST_FIRST = 'ORDER BY created_ms ASC, seq ASC';

/**
 * Where a page's rows are read from: `after` the last row of an earlier page (newest first, `skip`
 * rows on), or `before` the first row of a later page (oldest first from there, `skip` rows on), or,
 * with neither, from the window's newest row; `skip` is what SQLite still walks over.
 */
export interface PageAnchor {
  after?: [number, number];
  before?: [number, number];
  skip: number;
}

/** A row of a list page as its JSON text, after what the next page's keyset step needs: [seq, created_ms, item]. */
export type SubmissionJsonRow = [seq: number, createdMs: number, item: string];

// answers and quiz are stored as JSON.stringify wrote them, so they are spliced in as they are
const ITEM_JSON = `seq, created_ms, '{"id":' || json_quote(id) || ',"qrId":' || json_quote(qr_id) || ',"answers":' || answers
  || ',"createdAt":' || json_quote(created_at) || ',"updatedAt":' || json_quote(updated_at) || coalesce(',"quizData":' || quiz, '') || '}' AS item`;

/**
 * Submissions, and the one place their derived state on the form row is kept: the count
 * (`forms.submissions`) and the version that keys list caches (`forms.sub_version`).
 */
export class Submissions {
  constructor(private readonly db: Db) {}

  private adjust(qrId: string, delta: number): void {
    this.db.sql(`UPDATE forms SET submissions = MAX(submissions + ?, 0), sub_version = sub_version + 1 WHERE qr_id = ?`).run(delta, qrId);
  }

  insert(s: NewSubmission): SubmissionRow {
    this.insertMany([s]);
    return this.db.sql(`SELECT * FROM submissions WHERE id = ?`).get(s.id) as SubmissionRow;
  }

  /** Many rows of one form in the caller's transaction (seeding). */
  insertMany(rows: NewSubmission[]): void {
    if (rows.length === 0) return;
    const stmt = this.db.sql(
      `INSERT INTO submissions (id, qr_id, account_id, answers, quiz, time_spent, time_expired, created_ms, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const s of rows) {
      const at = new Date(s.createdMs).toISOString();
      stmt.run(s.id, s.qrId, s.accountId, JSON.stringify(s.answers), s.quiz ? JSON.stringify(s.quiz) : null, s.timeSpent ?? null, s.timeExpired === undefined ? null : Number(s.timeExpired), s.createdMs, at, at);
    }
    this.adjust(rows[0]!.qrId, rows.length);
  }

  find(id: string, accountId: string): SubmissionRow | undefined {
    return this.db.sql(`SELECT * FROM submissions WHERE id = ? AND account_id = ?`).get(id, accountId) as SubmissionRow | undefined;
  }

  /** the ids of `ids` that are not submissions of this form */
  foreignTo(qrId: string, accountId: string, ids: string[]): string[] {
    const find = this.db.sql(`SELECT 1 FROM submissions WHERE id = ? AND qr_id = ? AND account_id = ?`);
    return ids.filter((id) => find.get(id, qrId, accountId) === undefined);
  }

  update(seq: number, answers: unknown, quiz: unknown, timeSpent: number | null, at: string): void {
    this.db
      .sql(`UPDATE submissions SET answers = ?, quiz = ?, time_spent = COALESCE(?, time_spent), updated_at = ? WHERE seq = ?`)
      .run(JSON.stringify(answers), quiz ? JSON.stringify(quiz) : null, timeSpent, at, seq);
  }

  /** The answers (JSON text) of submissions of one form, by id. */
  answersOf(qrId: string, ids: readonly string[]): string[] {
    const stmt = this.db.sql(`SELECT answers FROM submissions WHERE id = ? AND qr_id = ?`);
    return ids.flatMap((id) => {
      const row = stmt.get(id, qrId) as { answers: string } | undefined;
      return row ? [row.answers] : [];
    });
  }

  /** Deletes submissions of one form by id, in the caller's transaction. */
  delete(qrId: string, ids: string[]): void {
    const stmt = this.db.sql(`DELETE FROM submissions WHERE id = ? AND qr_id = ?`);
    let n = 0;
    for (const id of ids) n += Number(stmt.run(id, qrId).changes);
    this.adjust(qrId, -n);
  }

  /** A removed form's submissions go with it (the form row goes too, so no counter to keep). */
  deleteAllOf(qrId: string): void {
    this.db.sql(`DELETE FROM submissions WHERE qr_id = ?`).run(qrId);
  }

  countBetween(qrId: string, fromMs: number, toMs: number): number {
    return (this.db.sql(`SELECT COUNT(*) AS n FROM submissions WHERE qr_id = ? AND created_ms >= ? AND created_ms <= ?`).get(qrId, fromMs, toMs) as { n: number }).n;
  }

  /**
   * A newest-first page within [from, to], found from `at` (submissionPages.ts): after a row of an
   * earlier page, before a row of a later one, or from the newest row. Only the index is walked to
   * find the page; rows are read for the page alone.
   */
  page(qrId: string, fromMs: number, toMs: number, limit: number, at: PageAnchor): SubmissionRow[] {
    const { sql, params, reverse } = pageQuery('*', qrId, fromMs, toMs, limit, at);
    const rows = this.db.sql(sql).all(...params) as SubmissionRow[];
    return reverse ? rows.reverse() : rows;
  }

  /**
   * The same page with each row already as the JSON the API sends for it (spec §4.4: id, qrId,
   * answers, createdAt, updatedAt, quizData), spliced by SQLite from the stored JSON text: no parse
   * and no stringify of the answers per row, and rows as arrays (no object per row). Only for forms
   * whose answers need no rewriting on read (no file fields: their answers gain URLs).
   */
  pageJson(qrId: string, fromMs: number, toMs: number, limit: number, at: PageAnchor): SubmissionJsonRow[] {
    const { sql, params, reverse } = pageQuery(ITEM_JSON, qrId, fromMs, toMs, limit, at);
    const rows = this.db.rows(sql).all(...params) as SubmissionJsonRow[];
    return reverse ? rows.reverse() : rows;
  }

  anyAnswerMentions(qrId: string, text: string): boolean {
    return this.db.sql(`SELECT 1 FROM submissions WHERE qr_id = ? AND answers LIKE ? LIMIT 1`).get(qrId, `%${text}%`) !== undefined;
  }
}

/**
 * The query of a newest-first page within [from, to], found from `at` (submissionPages.ts): after a
 * row of an earlier page, before a row of a later one, or from the newest row. With rows to step
 * over, only the index is walked over them (a covering subquery) and rows are read for the page
 * alone; with none, the page's rows are read straight off the index in its order. `reverse`: the
 * rows come oldest first (before a later page's row) and are to be served newest first.
 */
function pageQuery(columns: string, qrId: string, fromMs: number, toMs: number, limit: number, at: PageAnchor): { sql: string; params: SqlValue[]; reverse: boolean } {
  const inWindow = 'qr_id = ? AND created_ms >= ? AND created_ms <= ?';
  let where = inWindow;
  let params: SqlValue[] = [qrId, fromMs, toMs];
  let order = NEWEST_FIRST;
  if (at.after) {
    const [ms, seq] = at.after;
    where = `${inWindow} AND NOT (created_ms = ? AND seq >= ?)`;
    params = [qrId, fromMs, Math.min(toMs, ms), ms, seq];
  } else if (at.before) {
    // the rows just newer than a later page's first row, oldest first from it
    const [ms, seq] = at.before;
    where = `${inWindow} AND NOT (created_ms = ? AND seq <= ?)`;
    params = [qrId, Math.max(fromMs, ms), toMs, ms, seq];
    order = OLDEST_FIRST;
  }
  if (at.skip > 0) return { sql: `SELECT ${columns} FROM submissions WHERE seq IN (SELECT seq FROM submissions WHERE ${where} ${order} LIMIT ? OFFSET ?) ${NEWEST_FIRST}`, params: [...params, limit, at.skip], reverse: false };
  return { sql: `SELECT ${columns} FROM submissions WHERE ${where} ${order} LIMIT ?`, params: [...params, limit], reverse: order === OLDEST_FIRST };
}
