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

export interface Sink {
  readonly label: string;
  state(qrId: string): Promise<SyncState | undefined>;
  /** creates the form's table, or adds the columns it lacks; the rows written and committed next are the form's */
  prepare(table: string, columns: SyncColumn[], fieldTypes: FieldTypes): Promise<void>;
  /**
   * Rows (a page's) upserted by id into the form's table and `submissions`, in the transaction this
   * opens or the one open; nothing is kept until commit(). SQLite writes them as they come (in its
   * worker thread, not waited for, while the next pages are fetched); PostgreSQL stages them for the
   * commit. `json`: each row's JSON text when the caller has it already (the worker's messages carry
   * it), stored as the raw column instead of serialising the row again.
   */
  writeRows(qrId: string, rows: SyncSubmission[], json?: string[]): Promise<void>;
  /** the state, then the commit of the open transaction (one is opened for the state alone) */
  commit(state: SyncState): Promise<void>;
  /** counts the form's rows into the state, once per sync (a count per page would grow with the table) */
  finish(qrId: string, table: string): Promise<number>;
  /** --full: rows of the form that the service no longer has are deleted */
  deleteMissing(qrId: string, table: string, seen: Set<string>): Promise<number>;
  close(): Promise<void>;
}

export const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** the URL without its password, for messages */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
