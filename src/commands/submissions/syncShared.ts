import type { AnswerField } from '../../domain/answers.js';
import type { RedactionKey } from '../../domain/redact.js';
import type { SyncColumn, SyncSubmission } from '../../domain/syncColumns.js';

// What the sinks of `submissions sync` (syncSqlite.ts, syncPostgres.ts; syncSinks.ts chooses) share.

export interface SyncState {
  qrId: string;
  table: string;
  newestCreatedAt: string;
  idsAtNewest: string[];
  columns: SyncColumn[];
  rows: number;
}

/** the field types by key, from which a sink makes a row's cells (domain/syncColumns.ts cellReaders) */
export type FieldTypes = Record<string, string>;

/** What decides a form's rows in a sync (syncRows.ts SyncRows): plain data, that crosses to a worker thread. */
export interface RowsPlan {
  /** the state's newest createdAt: rows at exactly this time whose ids are in skip were synced before */
  since?: string;
  skip: string[];
  /** --full: every id seen is remembered, for deleteMissing */
  full: boolean;
  /** the form's fields (--redact redacts by field type) */
  fields: AnswerField[];
  /** --redact / --redact-text */
  redaction?: RedactionKey;
}

/** A page as handed to a sink: the bytes that came (the sink parses them where it writes: syncRows.ts). */
export interface PageInput {
  chunks: Uint8Array[];
}

/** The pages of one form, written in the order given (syncRows.ts pagesOver). */
export interface Pages {
  /**
   * A page's new rows, upserted by id into the form's table and `submissions`, in the transaction this
   * opens or the one open; nothing is kept until commit(). The SQLite worker is not waited for (a
   * failure is the next call's), so the walk fetches the next pages meanwhile.
   */
  write(page: PageInput): Promise<void>;
  /** the state (with the newest rows written) and the commit; resolves with the rows written since the last */
  commit(state: Omit<SyncState, 'newestCreatedAt' | 'idsAtNewest'>): Promise<number>;
  /** --full: rows of the form that the walk did not see are deleted */
  deleteMissing(table: string): Promise<number>;
}

export interface Sink {
  readonly label: string;
  state(qrId: string): Promise<SyncState | undefined>;
  /** creates the form's table, or adds the columns it lacks; the rows written and committed next are the form's */
  prepare(table: string, columns: SyncColumn[], fieldTypes: FieldTypes): Promise<void>;
  /** the form's pages, after prepare */
  pages(qrId: string, plan: RowsPlan): Promise<Pages>;
  /** counts the form's rows into the state, once per sync (a count per page would grow with the table) */
  finish(qrId: string, table: string): Promise<number>;
  close(): Promise<void>;
}

/** A sink that writes rows where it runs (SQLite: syncSqlite.ts; PostgreSQL: syncPostgres.ts): pagesOver writes pages through it. */
export interface RowSink extends Sink {
  /**
   * Rows upserted by id, in the transaction this opens or the one open; json: each row's JSON as the
   * raw column (the submission as the service sent it, or redacted)
   */
  writeRows(qrId: string, rows: SyncSubmission[], json: string[]): Promise<void>;
  /** the state, then the commit of the open transaction (one is opened for the state alone) */
  commit(state: SyncState): Promise<void>;
  deleteMissing(qrId: string, table: string, seen: Set<string>): Promise<number>;
}

export const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/**
 * The URL without its password, for messages: the user info up to its last @ (a password may hold
 * @, ? or #, and pg's parsers split at the last @), and the value of every query parameter whose name
 * or value names a password (?password=, sslpassword=, options=-c password=…). A URL without `//`
 * (postgres:u:pw@h) has everything before its last @ masked. Masks more rather than less.
 */
export function redact(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([\s\S]*)$/i.exec(url);
  if (!m) {
    const bare = /^([a-z][a-z0-9+.-]*:)([\s\S]*)@([\s\S]*)$/i.exec(url);
    return bare ? `${bare[1]}***@${bare[3]}` : url;
  }
  const [, scheme, rest] = m as unknown as [string, string, string];
  // the authority ends at the first / ? or #; when it holds no @, a password with ? or # may hide the @ beyond
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const at = authority.includes('@') ? authority.lastIndexOf('@') : rest.lastIndexOf('@');
  let shown = rest;
  if (at >= 0) {
    const info = rest.slice(0, at);
    const colon = info.indexOf(':');
    shown = `${colon >= 0 ? `${info.slice(0, colon)}:***` : info}${rest.slice(at)}`;
  }
  const q = shown.search(/[?#]/);
  return q < 0 ? scheme + shown : scheme + shown.slice(0, q) + shown.slice(q).replace(/([?&])([^=&#]*)=([^&#]*)/g, (all, sep: string, name: string, value: string) => (/pass/i.test(safeDecode(name)) || /pass/i.test(safeDecode(value)) ? `${sep}${name}=***` : all));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** whether the URL holds a password (in its user info or its query) */
export const holdsPassword = (url: string): boolean => redact(url) !== url;
