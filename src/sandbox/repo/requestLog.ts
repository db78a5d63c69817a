import type { Db } from './db.js';

export interface LoggedRequest {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  member_id: string | null;
  ms: number;
  fault: string | null;
}

/**
 * The newest requests kept, and the characters of a path and query logged: anyone can send requests
 * (a 404 without a key is logged too), so neither the log nor what GET /_sandbox/requests answers
 * grows without bound (docs/sandbox.md, "Sandbox assumptions").
 */
export const REQUEST_LOG_ROWS = 20_000;
export const REQUEST_LOG_PATH = 1024;
/** the oldest rows beyond REQUEST_LOG_ROWS are deleted once every this many requests */
const TRIM_EVERY = 500;

/** Every API request the sandbox answered (GET /_sandbox/requests), the newest REQUEST_LOG_ROWS. */
export class RequestLog {
  constructor(private readonly db: Db) {}

  add(e: { at: string; method: string; path: string; status: number; memberId: string | null; ms: number; fault: string | null }): void {
    const path = e.path.length > REQUEST_LOG_PATH ? `${e.path.slice(0, REQUEST_LOG_PATH - 1)}…` : e.path;
    const { lastInsertRowid } = this.db.sql(`INSERT INTO request_log (at, method, path, status, member_id, ms, fault) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(e.at, e.method, path, e.status, e.memberId, e.ms, e.fault);
    const id = Number(lastInsertRowid);
    if (id % TRIM_EVERY === 0) this.db.sql(`DELETE FROM request_log WHERE id <= ?`).run(id - REQUEST_LOG_ROWS);
  }

  since(id = 0): LoggedRequest[] {
    return this.db.sql(`SELECT * FROM request_log WHERE id > ? ORDER BY id`).all(id) as LoggedRequest[];
  }
}
