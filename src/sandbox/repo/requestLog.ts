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

/** Every API request the sandbox answered (GET /_sandbox/requests). */
export class RequestLog {
  constructor(private readonly db: Db) {}

  add(e: { at: string; method: string; path: string; status: number; memberId: string | null; ms: number; fault: string | null }): void {
    this.db.sql(`INSERT INTO request_log (at, method, path, status, member_id, ms, fault) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(e.at, e.method, e.path, e.status, e.memberId, e.ms, e.fault);
  }

  since(id = 0): LoggedRequest[] {
    return this.db.sql(`SELECT * FROM request_log WHERE id > ? ORDER BY id`).all(id) as LoggedRequest[];
  }
}
