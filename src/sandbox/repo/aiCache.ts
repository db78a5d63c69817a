import type { Db } from './db.js';

/** The AI builder's answers by request (prompt and currentForm), with when they were made. */
export class AiCache {
  constructor(private readonly db: Db) {}

  get(key: string, notBeforeMs: number): unknown {
    const row = this.db.sql(`SELECT response FROM ai_cache WHERE key = ? AND created_ms >= ?`).get(key, notBeforeMs) as { response: string } | undefined;
    return row ? (JSON.parse(row.response) as unknown) : undefined;
  }

  put(key: string, response: unknown, nowMs: number): void {
    this.db.sql(`INSERT OR REPLACE INTO ai_cache (key, response, created_ms) VALUES (?, ?, ?)`).run(key, JSON.stringify(response), nowMs);
  }
}
