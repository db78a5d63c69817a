import type { Db } from './db.js';

/** Key-value facts of a data dir: when it was seeded, the sandbox clock's offset. */
export class Meta {
  constructor(private readonly db: Db) {}

  get(k: string): string | undefined {
    return (this.db.sql(`SELECT v FROM meta WHERE k = ?`).get(k) as { v: string } | undefined)?.v;
  }

  set(k: string, v: string): void {
    this.db.sql(`INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`).run(k, v);
  }

  /** An offset no Date can hold (a data dir written before the clock was bounded) reads as none. */
  clockOffsetMs(): number {
    const ms = Number(this.get('clock_offset_ms') ?? 0);
    return Number.isFinite(ms) && Math.abs(ms) < 1e14 ? ms : 0;
  }

  advanceClock(ms: number): number {
    const next = this.clockOffsetMs() + ms;
    this.set('clock_offset_ms', String(next));
    return next;
  }
}
