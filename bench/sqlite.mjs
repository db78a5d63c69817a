// SQLite engines side by side (issue 27): the same work through node:sqlite and better-sqlite3, each
// in its own processes, on the Node running this script: a served sandbox seeded with N submissions
// (the store's insert path), every page of them read over HTTP (its read path), and `submissions
// sync` of them into a SQLite file (sync's inserts). Engines this Node cannot run are skipped with a
// word: node:sqlite before 22.13, better-sqlite3 when not installed or on Node 24.19+ (where
// better-sqlite3 12 can abort). Run it on Node 22 to see both: PATH="$(scripts/node-from-npm.sh 22)/bin:$PATH".
import { spawnSync } from 'node:child_process';
import { serveSandbox } from './serve.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
const N = process.argv.includes('--smoke') ? 300 : Number(process.env.BENCH_SQLITE_N ?? 20_000);
const [major, minor] = process.versions.node.split('.').map(Number);

function available(engine) {
  if (engine === 'node:sqlite') return major > 22 || (major === 22 && minor >= 13) ? true : 'needs Node 22.13+';
  if (major > 24 || (major === 24 && minor >= 19)) return 'better-sqlite3 12 can abort on Node 24.19+';
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' });
  return r.status === 0 ? true : 'not installed for this Node';
}

async function serve(dir, engine) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config'), FORMCTL_SQLITE: engine };
  return { ...(await serveSandbox(join(dir, 'data'), env, ['--plan', 'enterprise'])), env };
}

const seconds = (t0) => Number(process.hrtime.bigint() - t0) / 1e9;

async function measure(engine) {
  const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-sqlite-'));
  const { child, info, env } = await serve(dir, engine);
  try {
    const auth = { authorization: `Bearer ${info.keys.owner}`, 'content-type': 'application/json' };
    const form = (await (await fetch(`${info.baseUrl}/forms`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'SQLite bench', shortText: '', fields: [{ type: 'shortText', option: { label: 'Name' } }, { type: 'email', option: { label: 'E-mail' } }, { type: 'number', option: { label: 'Guests' } }] }) })).json()).data;
    let t0 = process.hrtime.bigint();
    const seeded = await fetch(`${info.origin}/_sandbox/seed-submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ qrId: form.qrId, count: N }) });
    if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status}`);
    const insert = seconds(t0);
    t0 = process.hrtime.bigint();
    let rows = 0;
    for (let page = 1; ; page++) {
      const body = await (await fetch(`${info.baseUrl}/forms/${form.qrId}/submissions?limit=100&page=${page}`, { headers: auth })).json();
      rows += body.data.items.length;
      if (page >= body.data.totalPages) break;
    }
    const read = seconds(t0);
    if (rows !== N) throw new Error(`read ${rows} rows of ${N}`);
    t0 = process.hrtime.bigint();
    const sync = spawnSync(process.execPath, [bin, 'submissions', 'sync', form.qrId, '--to', `sqlite:${join(dir, 'sync.db')}`, '--json'], { env: { ...env, FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys.owner }, encoding: 'utf8' });
    const synced = seconds(t0);
    if (sync.status !== 0) throw new Error(`sync failed: ${sync.stderr}`);
    return { engine, insert: N / insert, read: N / read, sync: N / synced };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`\nSQLite engines, ${N.toLocaleString('en')} submissions, rows/s (node ${process.version})`);
console.log('engine'.padEnd(16), 'sandbox insert'.padStart(15), 'sandbox read'.padStart(13), 'sync insert'.padStart(12));
for (const engine of ['node:sqlite', 'better-sqlite3']) {
  const ok = available(engine);
  if (ok !== true) {
    console.log(engine.padEnd(16), `skipped: ${ok}`);
    continue;
  }
  const r = await measure(engine);
  console.log(engine.padEnd(16), Math.round(r.insert).toLocaleString('en').padStart(15), Math.round(r.read).toLocaleString('en').padStart(13), Math.round(r.sync).toLocaleString('en').padStart(12));
}
