import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MessagePort, Worker } from 'node:worker_threads';
import { ApiError, UsageError } from '../../errors.js';
import { BUNDLED } from '../../version.js';
import type { PageInput, Pages, RowSink, Sink } from './syncShared.js';

// `submissions sync` into SQLite, off the main thread: SQLite's own work (its B-trees, its WAL) is
// as long as the rest of a sync (the requests, parsing the pages, the rows' cells), and in one
// thread the two took turns. Here the main thread fetches the next pages while a worker thread parses
// and writes the last ones (syncRows.ts pagesOver, over the same sink, syncSqlite.ts) through
// messages: a page crosses as the bytes that came, moved rather than copied, so no row is parsed,
// packed and parsed again on its way to SQLite.
//
// The calls reach the worker in order. Writing a page is not waited for (that would put the turns back);
// once any call fails in the worker, it refuses every later call but close(), so a batch whose rows
// failed is never committed and the state never moves past rows that are not in the database.
//
// The worker runs a bundle of its own (dist/sync-worker.js, which reaches the one SQLite module
// through dist/sandbox.js, about 5 ms before the first request: a worker is an isolate of its own), so only
// the built CLI has it; run from the sources (the in-process tests) the sink stays on this thread.

/** the sink's calls, and those of the form's pages (pagesOver in the worker) */
type Method = Exclude<keyof Sink, 'label'> | 'open' | 'writePage' | 'commitPages' | 'deleteMissingPages';
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

/** an error as it crosses back: a UsageError or an ApiError (a page the service broke) stays what it was */
interface Failure {
  name: string;
  message: string;
  code?: string;
  api?: { status: number; code: number; data: Record<string, unknown>; method: string; path: string };
}
type Reply = { id: number; value: unknown } | { id: number; error: Failure };

const WORKER_SOURCE = `const { workerData: w, parentPort } = require('node:worker_threads');
require(w.bundle).hostSqliteSink(parentPort, w.file);`;

/**
 * The worker's bundle beside the CLI's (dist/sync-worker.js: this module as an entry, built by
 * scripts/build.mjs), or undefined when running from the sources
 */
function workerBundle(): string | undefined {
  if (!BUNDLED) return undefined;
  // better-sqlite3 aborts when a worker that loaded it ends on Node >= 24 (sandbox/repo/sqlite.ts);
  // there it is only ever used when asked for
  if (process.env.FORMCTL_SQLITE === 'better-sqlite3' && Number(process.versions.node.split('.')[0]) >= 24) return undefined;
  const file = join(__dirname, 'sync-worker.js');
  return existsSync(file) ? file : undefined;
}

function errorOf(e: Failure): Error {
  if (e.api) return new ApiError(e.api.status, e.message, e.api.code, e.api.data, e.api.method, e.api.path);
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
  const send = (method: Method, args: unknown[], transfer: ArrayBuffer[] = []): Promise<unknown> => {
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, method, args }, transfer);
    });
  };
  const call = (method: Method, ...args: unknown[]): Promise<unknown> => (failed ? Promise.reject(failed) : send(method, args));
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
    async pages(qrId, plan) {
      await call('pages', qrId, plan);
      const pages: Pages = {
        async write(page) {
          // not waited for, up to WRITES_AHEAD pages: a failure is the next waited call's, and the next
          // page's (no page is fetched for a sink that already failed: quota is money)
          if (failed) throw failed;
          const { input, transfer } = movable(page);
          writing.push(send('writePage', [input], transfer).then(() => undefined, (e: Error) => void (failed ??= e)));
          // the worker's queue is bounded: a walk that fetches faster than SQLite writes waits here, so
          // neither the pages held nor the pages fetched after a failed one grow with the form
          if (writing.length > WRITES_AHEAD) await writing.shift();
          if (failed) throw failed;
        },
        commit: async (state) => (await call('commitPages', state)) as number,
        deleteMissing: async (table) => (await call('deleteMissingPages', table)) as number,
      };
      return pages;
    },
    finish: (...args) => call('finish', ...args) as Promise<number>,
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

/** A page as it crosses to the worker: its bytes in one buffer of their own, moved (transferred) rather than copied. */
export function movable(page: PageInput): { input: PageInput; transfer: ArrayBuffer[] } {
  let size = 0;
  for (const c of page.chunks) size += c.byteLength;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of page.chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { input: { chunks: [bytes] }, transfer: [bytes.buffer] };
}

/** The worker's side: the sink, and its calls answered in the order they came. */
export function hostSqliteSink(port: MessagePort, file: string): void {
  let sink: RowSink | undefined;
  let pages: Pages | undefined;
  let failed: Failure | undefined;
  let queue: Promise<void> = Promise.resolve();
  const answer = async (c: Call): Promise<unknown> => {
    switch (c.method) {
      case 'open':
        sink = await (await import('./syncSqlite.js')).sqliteSink(file);
        return undefined;
      case 'pages':
        pages = await sink!.pages(c.args[0] as string, c.args[1] as Parameters<Sink['pages']>[1]);
        return undefined;
      case 'writePage':
        return pages!.write(c.args[0] as PageInput);
      case 'commitPages':
        return pages!.commit(c.args[0] as Parameters<Pages['commit']>[0]);
      case 'deleteMissingPages':
        return pages!.deleteMissing(c.args[0] as string);
      default:
        return (sink![c.method] as (...a: unknown[]) => Promise<unknown>)(...c.args);
    }
  };
  port.on('message', (c: Call) => {
    queue = queue.then(async () => {
      try {
        if (failed && c.method !== 'close') throw failed;
        if (c.method === 'close' && !sink) return void port.postMessage({ id: c.id, value: undefined });
        port.postMessage({ id: c.id, value: await answer(c) });
      } catch (e) {
        failed ??= failureOf(e);
        port.postMessage({ id: c.id, error: failed });
      }
    });
  });
}

function failureOf(e: unknown): Failure {
  const err = e as Error & { code?: unknown };
  if (e instanceof ApiError) return { name: 'ApiError', message: e.message, api: { status: e.status, code: e.code, data: e.data, method: e.method, path: e.path } };
  return { name: err.name === 'UsageError' || e instanceof UsageError ? 'UsageError' : err.name, message: err.message, code: typeof err.code === 'string' ? err.code : undefined };
}
