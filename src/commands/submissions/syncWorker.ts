import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MessagePort, Worker } from 'node:worker_threads';
import { UsageError } from '../../errors.js';
import type { SyncSubmission } from '../../domain/syncColumns.js';
import type { Sink } from './syncShared.js';

// `submissions sync` into SQLite, off the main thread: SQLite's own work (its B-trees, its WAL) is
// as long as the rest of a sync (the requests, parsing the pages, the rows' cells), and in one
// thread the two took turns. Here the main thread fetches and parses the next pages while a worker
// thread writes the last ones, into the same sink (syncSqlite.ts) through messages.
//
// The calls reach the worker in order. writeRows is not waited for (that would put the turns back);
// once any call fails in the worker, it refuses every later call but close(), so a batch whose rows
// failed is never committed and the state never moves past rows that are not in the database.
//
// The worker runs a bundle of its own (dist/sync-worker.js, which reaches the one SQLite module
// through dist/sandbox.js, about 5 ms before the first request: a worker is an isolate of its own), so only
// the built CLI has it; run from the sources (the in-process tests) the sink stays on this thread.

type Method = Exclude<keyof Sink, 'label'>;
interface Call {
  id: number;
  method: Method;
  args: unknown[];
}
/**
 * Pages the worker may have still to write while the walk goes on: enough that the walk goes on
 * through a commit (8,000 rows, some 20 ms of SQLite's time; with 8 pages the walk waited at each
 * commit), few enough that a failed page stops the walk within a batch.
 */
const WRITES_AHEAD = 32;

type Reply = { id: number; value: unknown } | { id: number; error: { name: string; message: string; code?: string } };

const WORKER_SOURCE = `const { workerData: w, parentPort } = require('node:worker_threads');
require(w.bundle).hostSqliteSink(parentPort, w.file);`;

/**
 * The worker's bundle beside the CLI's (dist/sync-worker.js: this module as an entry, built by
 * scripts/build.mjs), or undefined when running from the sources
 */
function workerBundle(): string | undefined {
  if (typeof __dirname !== 'string') return undefined;
  // better-sqlite3 aborts when a worker that loaded it ends on Node >= 24 (sandbox/repo/sqlite.ts);
  // there it is only ever used when asked for
  if (process.env.FORMCTL_SQLITE === 'better-sqlite3' && Number(process.versions.node.split('.')[0]) >= 24) return undefined;
  const file = join(__dirname, 'sync-worker.js');
  return __filename.endsWith('.js') && existsSync(file) ? file : undefined;
}

function errorOf(e: { name: string; message: string; code?: string }): Error {
  const err = e.name === 'UsageError' ? new UsageError(e.message) : new Error(e.message);
  if (e.code) Object.assign(err, { code: e.code });
  return err;
}

/** The SQLite sink in a worker thread; undefined when this build has none to run it. */
export async function sqliteSinkOffThread(file: string): Promise<Sink | undefined> {
  const bundle = workerBundle();
  if (!bundle) return undefined;
  const { Worker } = await import('node:worker_threads');
  const worker: Worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bundle, file } });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  let failed: Error | undefined;
  let exited = false;
  const fail = (e: Error) => {
    failed ??= e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (r: Reply) => {
    const w = waiting.get(r.id);
    waiting.delete(r.id);
    if ('error' in r) w?.reject(errorOf(r.error));
    else w?.resolve(r.value);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    exited = true;
    fail(new Error(`the SQLite worker stopped (exit code ${code})`));
  });
  const send = (method: Method | 'open', args: unknown[]): Promise<unknown> => {
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  };
  const call = (method: Method | 'open', ...args: unknown[]): Promise<unknown> => (failed ? Promise.reject(failed) : send(method, args));
  // the pages sent to the worker and not yet written, oldest first (it writes them in order)
  const writing: Array<Promise<void>> = [];
  try {
    await call('open');
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  return {
    label: `sqlite:${file}`,
    state: (qrId) => call('state', qrId) as ReturnType<Sink['state']>,
    prepare: async (...args) => void (await call('prepare', ...args)),
    async writeRows(qrId, rows) {
      // not waited for, up to WRITES_AHEAD pages: a failure is the next waited call's, and the next
      // page's (no page is fetched for a sink that already failed: quota is money)
      if (failed) throw failed;
      writing.push(call('writeRows', qrId, pack(rows)).then(() => undefined, (e: Error) => void (failed ??= e)));
      // the worker's queue is bounded: a walk that fetches faster than SQLite writes waits here, so
      // neither the pages held nor the pages fetched after a failed one grow with the form
      if (writing.length > WRITES_AHEAD) await writing.shift();
      if (failed) throw failed;
    },
    commit: async (...args) => void (await call('commit', ...args)),
    finish: (...args) => call('finish', ...args) as Promise<number>,
    deleteMissing: (...args) => call('deleteMissing', ...args) as Promise<number>,
    async close() {
      // also after a failure: the worker rolls back what is open and closes the database
      try {
        if (!exited) await send('close', []).catch(() => undefined);
      } finally {
        await worker.terminate();
      }
    },
  };
}

/**
 * A page's rows as they cross to the worker: their JSON (which the sink stores) joined by NUL, which
 * JSON text never holds unescaped — one string, copied whole, where nested answers were copied
 * object by object (that cost the main thread more than JSON.stringify). The worker parses them
 * back and makes the cells: the main thread's part of a sync is the longer one.
 */
export function pack(rows: readonly SyncSubmission[]): string {
  let out = '';
  for (let i = 0; i < rows.length; i++) out += (i ? '\0' : '') + JSON.stringify(rows[i]);
  return out;
}

export function unpack(packed: string): { rows: SyncSubmission[]; json: string[] } {
  const json = packed === '' ? [] : packed.split('\0');
  return { rows: json.map((j) => JSON.parse(j) as SyncSubmission), json };
}

/** The worker's side: the sink, and its calls answered in the order they came. */
export function hostSqliteSink(port: MessagePort, file: string): void {
  let sink: Sink | undefined;
  let failed: { name: string; message: string; code?: string } | undefined;
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (c: Call | { id: number; method: 'open'; args: [] }) => {
    queue = queue.then(async () => {
      try {
        if (failed && c.method !== 'close') throw failed;
        if (c.method === 'close' && !sink) return void port.postMessage({ id: c.id, value: undefined });
        if (c.method === 'open') {
          sink = await (await import('./syncSqlite.js')).sqliteSink(file);
          port.postMessage({ id: c.id, value: undefined });
          return;
        }
        if (c.method === 'writeRows') {
          const { rows, json } = unpack(c.args[1] as string);
          c.args.splice(1, 1, rows, json);
        }
        const value = await (sink![c.method] as (...a: unknown[]) => Promise<unknown>)(...c.args);
        port.postMessage({ id: c.id, value });
      } catch (e) {
        const err = e as Error & { code?: string };
        failed ??= { name: err.name === 'UsageError' || e instanceof UsageError ? 'UsageError' : err.name, message: err.message, code: typeof err.code === 'string' ? err.code : undefined };
        port.postMessage({ id: c.id, error: failed });
      }
    });
  });
}
