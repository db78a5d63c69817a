// Sync figures: 100,000 submissions synced into SQLite and into PostgreSQL (rows/s, peak RSS, requests =
// ⌈N/100⌉), then a second incremental run with nothing new (1 request). Issue 20's target: sync's rows/s
// at least 0.6× export's, measured side by side: each round exports the same form to CSV, then syncs it
// into a new SQLite file and a new PostgreSQL database; the medians of the rounds are compared.
// PostgreSQL: FORMCTL_BENCH_PG=postgres://…/db (its databases db_1, db_2… are made), else a throwaway
// cluster is started when Debian's postgresql is installed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cpuDelta, postgresCpu, processCpu } from './cpu.mjs';
import { median } from './median.mjs';
import { serveSandbox } from './serve.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
const N = process.argv.includes('--smoke') ? 500 : Number(process.env.BENCH_SYNC_N ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-sync-'));
const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config') };

const { child: sandbox, info } = await serveSandbox(join(dir, 'data'), baseEnv, ['--plan', 'enterprise']);
const env = { ...baseEnv, FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys.owner };
const post = async (url, body, key = true) => (await (await fetch(url, { method: 'POST', headers: { ...(key ? { authorization: `Bearer ${info.keys.owner}` } : {}), 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()).data;
const form = await post(`${info.baseUrl}/forms`, {
  title: 'Sync bench', shortText: '',
  fields: [
    { type: 'name', option: { label: 'Name', required: true } }, { type: 'email', option: { label: 'E-mail' } }, { type: 'phone', option: { label: 'Phone' } },
    { type: 'checkbox', option: { label: 'Tags', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] } }, { type: 'number', option: { label: 'Age' } },
    { type: 'address', option: { label: 'Address' } }, { type: 'longText', option: { label: 'Comments' } },
  ],
});
await post(`${info.origin}/_sandbox/seed-submissions`, { qrId: form.qrId, count: N }, false);

/**
 * one command as its own process, with /usr/bin/time's CPU and peak RSS, and the CPU the served
 * sandbox and (for PostgreSQL) the database server used meanwhile (bench/cpu.mjs; undefined without /proc)
 */
function timed(args, dbCpu = () => undefined) {
  const sandboxBefore = processCpu(sandbox.pid);
  const dbBefore = dbCpu();
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', process.execPath, bin, ...args], { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${args.slice(0, 2).join(' ')} failed: ${r.stderr}`);
  const [user, sys, rssKb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  const sandboxCpu = cpuDelta(sandboxBefore, processCpu(sandbox.pid));
  const database = cpuDelta(dbBefore, dbCpu());
  // every process's CPU: formctl's, the sandbox's and the database server's (SQLite's is formctl's)
  const allCpu = user + sys + (sandboxCpu ?? 0) + (database ?? 0);
  return { s, stdout: r.stdout, rssMb: rssKb / 1024, cpu: user + sys, sandboxCpu, dbCpu: database, allCpu };
}

function sync(to) {
  const r = timed(['submissions', 'sync', form.qrId, '--to', to, '--json'], to.startsWith('postgres') ? postgresCpu : undefined);
  const out = JSON.parse(r.stdout);
  return { ...r, rows: out.forms[0].upserted, requests: out.requests, rate: out.forms[0].upserted / r.s };
}

function exportCsv(file) {
  const r = timed(['submissions', 'export', form.qrId, '--out', file]);
  return { ...r, rows: N, rate: N / r.s };
}

async function startPostgres() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))) : [];
  if (!versions.length) return undefined;
  const pgbin = join(base, versions.sort().at(-1), 'bin');
  const pdir = join(dir, 'pg');
  execFileSync('mkdir', ['-p', pdir]);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['-R', 'postgres', pdir]);
  }
  const as = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  execFileSync(...as(join(pgbin, 'initdb'), ['-D', join(pdir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']), { stdio: 'ignore' });
  // a port the system says is free (a random one collided with a port in use), and a log to show
  const port = await freePort();
  const log = join(dir, 'pg.log');
  const server = spawn(...as(join(pgbin, 'postgres'), ['-D', join(pdir, 'data'), '-p', String(port), '-k', pdir, '-c', 'listen_addresses=127.0.0.1']), { stdio: ['ignore', 'ignore', openSync(log, 'w')], detached: true });
  const psql = (sql, db = 'postgres') => spawnSync(join(pgbin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'ignore' }).status === 0;
  // up to 60 s for the server to answer (a loaded machine starts it slowly); never a URL to no server
  const until = Date.now() + 60_000;
  while (!psql('SELECT 1')) {
    if (server.exitCode !== null || Date.now() > until) {
      try { process.kill(-server.pid, 'SIGKILL'); } catch { /* ended */ }
      throw new Error(`PostgreSQL did not start on port ${port}:\n${readFileSync(log, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const createDb = (name) => {
    if (!psql(`CREATE DATABASE ${name}`)) throw new Error(`PostgreSQL: CREATE DATABASE ${name} failed:\n${readFileSync(log, 'utf8')}`);
  };
  createDb('bench');
  return { url: `postgres://postgres@127.0.0.1:${port}/bench`, stop: () => process.kill(-server.pid, 'SIGINT'), createDb };
}

/** a TCP port nothing listens on now */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const ROUNDS = N < 10_000 ? 1 : Number(process.env.BENCH_SYNC_ROUNDS ?? 3);
const pg = process.env.FORMCTL_BENCH_PG ? { url: process.env.FORMCTL_BENCH_PG, stop() {}, createDb: (name) => spawnSync('psql', [process.env.FORMCTL_BENCH_PG, '-c', `CREATE DATABASE ${name}`], { stdio: 'ignore' }) } : await startPostgres();
if (!pg) console.log('PostgreSQL: not installed (Debian package postgresql), skipped');
exportCsv(join(dir, 'warm.csv')); // the sandbox's caches warm, as they are for every round after
const rounds = { export: [], SQLite: [], PostgreSQL: [] };
let again = {};
for (let i = 1; i <= ROUNDS; i++) {
  rounds.export.push(exportCsv(join(dir, `export-${i}.csv`)));
  const sqlite = `sqlite:${join(dir, `bench-${i}.db`)}`;
  rounds.SQLite.push(sync(sqlite));
  if (i === ROUNDS) again.SQLite = sync(sqlite);
  if (pg) {
    pg.createDb(`bench_${i}`);
    const url = pg.url.replace(/\/[^/]*$/, `/bench_${i}`);
    rounds.PostgreSQL.push(sync(url));
    if (i === ROUNDS) again.PostgreSQL = sync(url);
  }
}
pg?.stop();
sandbox.kill('SIGTERM');
setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500);

const medianOf = (runs, key) => median(runs.map((r) => r[key]));
const fmt = (n) => Math.round(n).toLocaleString('en');
const exportRate = medianOf(rounds.export, 'rate');
/** issue 20's rows: sync's rows/s against export's, medians of the same rounds */
export const syncResults = { N, rounds: ROUNDS, exportRate, exportSeconds: medianOf(rounds.export, 's'), databases: {} };
console.log(`\nsubmissions sync of ${N.toLocaleString('en')} submissions against export to CSV, side by side (a served sandbox on loopback; median of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'})`);
console.log('case'.padEnd(14), 'cpu'.padStart(8), 'rows/s'.padStart(9), 'seconds'.padStart(8), 'peak RSS'.padStart(9), 'requests'.padStart(9), 'expected'.padStart(9), 'again: requests'.padStart(16), '× export'.padStart(9));
console.log('export → CSV'.padEnd(14), `${medianOf(rounds.export, 'cpu').toFixed(1)} s`.padStart(8), fmt(exportRate).padStart(9), medianOf(rounds.export, 's').toFixed(2).padStart(8), `${medianOf(rounds.export, 'rssMb').toFixed(0)} MB`.padStart(9));
for (const name of ['SQLite', 'PostgreSQL']) {
  const runs = rounds[name];
  if (!runs.length) continue;
  const rate = medianOf(runs, 'rate');
  syncResults.databases[name] = { rate, seconds: medianOf(runs, 's'), ratio: rate / exportRate };
  console.log(name.padEnd(14), `${medianOf(runs, 'cpu').toFixed(1)} s`.padStart(8), fmt(rate).padStart(9), medianOf(runs, 's').toFixed(2).padStart(8), `${medianOf(runs, 'rssMb').toFixed(0)} MB`.padStart(9), String(runs.at(-1).requests).padStart(9), String(Math.ceil(N / 100)).padStart(9), String(again[name].requests).padStart(16), `${(rate / exportRate).toFixed(2)}×`.padStart(9));
}

// Where the CPU goes: formctl, the served sandbox and PostgreSQL's server share this machine's cores.
// While two runs keep as many cores busy (export and sync both keep about three quarters of two busy:
// formctl's main thread and the sandbox take turns on each page), rows/s goes as the inverse of the
// CPU all of them spend, so the database server's own CPU bounds sync against export: were formctl's
// own work in a sync no more than in an export, sync would spend export's CPU plus the database's,
// and no more than that ratio of export's rows/s could follow.
const known = (runs, key) => runs.every((r) => r[key] !== undefined);
if (known(rounds.export, 'sandboxCpu')) {
  const cores = availableParallelism();
  console.log(`\nCPU seconds by process (medians; ${cores} cores)`);
  console.log('case'.padEnd(14), 'formctl'.padStart(8), 'sandbox'.padStart(8), 'database'.padStart(9), 'all'.padStart(6), 'cores busy'.padStart(11));
  const cpuOf = (runs) => ({ formctl: medianOf(runs, 'cpu'), sandbox: medianOf(runs, 'sandboxCpu'), db: known(runs, 'dbCpu') ? medianOf(runs, 'dbCpu') : undefined, all: medianOf(runs, 'allCpu'), busy: median(runs.map((r) => r.allCpu / r.s)) });
  let exportCpu;
  for (const [name, runs] of [['export → CSV', rounds.export], ['SQLite', rounds.SQLite], ['PostgreSQL', rounds.PostgreSQL]]) {
    if (!runs.length) continue;
    const c = cpuOf(runs);
    exportCpu ??= c; // export's row comes first
    console.log(name.padEnd(14), c.formctl.toFixed(2).padStart(8), c.sandbox.toFixed(2).padStart(8), (name === 'SQLite' ? 'in formctl' : c.db === undefined ? '–' : c.db.toFixed(2)).padStart(9), c.all.toFixed(2).padStart(6), c.busy.toFixed(2).padStart(11));
    // a server of FORMCTL_BENCH_PG may be elsewhere (its CPU not this machine's, and a local cluster
    // counted instead would be another's): its bound is only given for the throwaway local one
    if (name === 'PostgreSQL' && c.db !== undefined && !process.env.FORMCTL_BENCH_PG) {
      const bound = exportCpu.all / (exportCpu.all + c.db);
      syncResults.databases.PostgreSQL.bound = bound;
      console.log(`PostgreSQL's own ${c.db.toFixed(2)} s: keeping the cores as busy as export does (${exportCpu.busy.toFixed(2)} of ${cores}; this sync ${c.busy.toFixed(2)}), sync could reach ${bound.toFixed(2)}× export at most, were formctl's own work in a sync no more than in an export`);
    }
  }
}
