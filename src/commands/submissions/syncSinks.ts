import { redact, type Sink } from './syncShared.js';
import { UsageError } from '../../errors.js';

// Where `submissions sync` writes: SQLite (syncSqlite.ts, in a worker thread when it can:
// syncWorker.ts) or PostgreSQL (syncPostgres.ts, pg).

/** `sqlite:FILE` or `postgres://…` (also `postgresql://`). */
export async function openSink(to: string): Promise<Sink> {
  if (/^postgres(ql)?:\/\//i.test(to)) return (await import('./syncPostgres.js')).postgresSink(to);
  const m = /^sqlite:(.+)$/i.exec(to);
  if (m) {
    const { sqliteSinkOffThread } = await import('./syncWorker.js');
    return (await sqliteSinkOffThread(m[1]!)) ?? (await import('./syncSqlite.js')).sqliteSink(m[1]!);
  }
  throw new UsageError(`--to: "${redact(to)}" is not a database URL; expected sqlite:FILE or postgres://user:password@host:port/db`);
}
