import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MessagePort, Worker } from 'node:worker_threads';
import { UsageError } from '../../errors.js';
import type { Cell } from '../../domain/syncColumns.js';
import type { PageRow, Sink } from './syncShared.js';

// `submissions sync` into SQLite, off the main thread: SQLite's own work (its B-trees, its WAL) is
// as long as the rest of a sync (the requests, parsing the pages, the rows' cells), and in one
// thread the two took turns. Here the main thread fetches and parses the next pages while a worker
// thread writes the last ones, into the same sink (syncSqlite.ts) through messages.
//
// The calls reach the worker in order. writeRows is not waited for (that would put the turns back);
// once any call fails in the worker, it refuses every later call but close(), so a batch whose rows
// failed is never committed and the state never moves past rows that are not in the database.
//
// The worker runs the sandbox's bundle (dist/sandbox.js, where the one SQLite module is), so only
// the built CLI has it; run from the sources (the in-process tests) the sink stays on this thread.

type Method = Exclude<keyof Sink, 'label'>;
interface Call {
  id: number;
  method: Method;
  args: unknown[];
}
type Reply = { id: number; value: unknown } | { id: number; error: { name: string; message: string; code?: string } };

const WORKER_SOURCE = `const { workerData: w, parentPort } = require('node:worker_threads');
require(w.bundle).sandboxSyncWorker().then((m) => m.hostSqliteSink(parentPort, w.file));`;

/** the built sandbox bundle beside the CLI's, or undefined when running from the sources */
function sandboxBundle(): string | undefined {
  if (typeof __dirname !== 'string') return undefined;
  // better-sqlite3 aborts when a worker that loaded it ends on Node >= 24 (sandbox/repo/sqlite.ts);
  // there it is only ever used when asked for
  if (process.env.FORMCTL_SQLITE === 'better-sqlite3' && Number(process.versions.node.split('.')[0]) >= 24) return undefined;
  const file = join(__dirname, 'sandbox.js');
  return __filename.endsWith('.js') && existsSync(file) ? file : undefined;
}

function errorOf(e: { name: string; message: string; code?: string }): Error {
  const err = e.name === 'UsageError' ? new UsageError(e.message) : new Error(e.message);
  if (e.code) Object.assign(err, { code: e.code });
  return err;
}

/** The SQLite sink in a worker thread; undefined when this build has none to run it. */
export async function sqliteSinkOffThread(file: string): Promise<Sink | undefined> {
  const bundle = sandboxBundle();
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
    async writeRows(qrId, table, columns, rows) {
      // not waited for; a failure is the next waited call's
      call('writeRows', qrId, table, columns, pack(rows)).catch((e: Error) => (failed ??= e));
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
 * A page's rows as they cross to the worker: two strings, which are copied whole, where nested
 * answers were copied object by object (that cost the main thread more than JSON.stringify, which
 * the sink needs anyway). `cells`: JSON of every row's cells then its id, createdAt and updatedAt;
 * `json`: the rows' raw JSON joined by NUL, which JSON text never holds unescaped.
 */
interface Packed {
  width: number;
  cells: string;
  json: string;
}

export function pack(rows: PageRow[]): Packed {
  const width = rows[0]?.cells.length ?? 0;
  const flat: Cell[] = [];
  const json = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    for (let j = 0; j < width; j++) flat.push(r.cells[j]!);
    flat.push(r.raw.id, r.raw.createdAt, r.raw.updatedAt);
    json[i] = JSON.stringify(r.raw);
  }
  return { width, cells: JSON.stringify(flat), json: json.join('\0') };
}

export function unpack(p: Packed): PageRow[] {
  const flat = JSON.parse(p.cells) as Cell[];
  const json = p.json === '' ? [] : p.json.split('\0');
  const step = p.width + 3;
  return json.map((text, i) => {
    const at = i * step;
    const raw = { id: flat[at + p.width] as string, createdAt: flat[at + p.width + 1] as string, updatedAt: flat[at + p.width + 2] as string, answers: {} };
    return { cells: flat.slice(at, at + p.width), raw, json: text };
  });
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
        if (c.method === 'writeRows') c.args[3] = unpack(c.args[3] as Packed);
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
