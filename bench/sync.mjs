// Sync figures of the forms-as-code and database issue: 100,000 submissions synced into SQLite and into
// PostgreSQL (rows/s, peak RSS, requests = ⌈N/100⌉), then a second incremental run with nothing new (1 request).
// PostgreSQL: FORMCTL_BENCH_PG=postgres://… , else a throwaway cluster is started when Debian's postgresql is installed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
const N = process.argv.includes('--smoke') ? 500 : Number(process.env.BENCH_SYNC_N ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-sync-'));
const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config') };

const sandbox = spawn(process.execPath, [bin, 'sandbox', 'serve', '--port', '0', '--plan', 'enterprise', '--data', join(dir, 'data'), '-o', 'json'], { env: baseEnv, stdio: ['ignore', 'pipe', 'inherit'] });
const info = await new Promise((res) => {
  let buf = '';
  sandbox.stdout.on('data', (c) => {
    buf += c;
    if (buf.includes('\n')) res(JSON.parse(buf.slice(0, buf.indexOf('\n'))));
  });
});
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

/** one sync as its own process, with /usr/bin/time's peak RSS */
function sync(to) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', process.execPath, bin, 'submissions', 'sync', form.qrId, '--to', to, '--json'], { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`sync failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout);
  const [user, sys, rssKb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { s, rows: out.forms[0].upserted, requests: out.requests, rssMb: rssKb / 1024, cpu: user + sys };
}

function startPostgres() {
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
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(...as(join(pgbin, 'postgres'), ['-D', join(pdir, 'data'), '-p', String(port), '-k', pdir, '-c', 'listen_addresses=127.0.0.1']), { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i++) {
    const r = spawnSync(join(pgbin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE bench'], { stdio: 'ignore' });
    if (r.status === 0) break;
    spawnSync('sleep', ['0.1']);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/bench`, stop: () => process.kill(-server.pid, 'SIGINT') };
}

const results = [];
const sqlite = `sqlite:${join(dir, 'bench.db')}`;
results.push(['SQLite', sync(sqlite), sync(sqlite)]);
const pg = process.env.FORMCTL_BENCH_PG ? { url: process.env.FORMCTL_BENCH_PG, stop() {} } : startPostgres();
if (pg) {
  results.push(['PostgreSQL', sync(pg.url), sync(pg.url)]);
  pg.stop();
} else console.log('PostgreSQL: not installed (Debian package postgresql), skipped');
sandbox.kill('SIGTERM');
setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500);

console.log(`\nsubmissions sync of ${N.toLocaleString('en')} submissions (a served sandbox on loopback)`);
console.log('database'.padEnd(12), 'cpu'.padStart(8), 'rows/s'.padStart(9), 'seconds'.padStart(8), 'peak RSS'.padStart(9), 'requests'.padStart(9), 'expected'.padStart(9), 'again: requests'.padStart(16));
for (const [name, first, again] of results) {
  console.log(name.padEnd(12), `${first.cpu.toFixed(1)} s`.padStart(8), Math.round(first.rows / first.s).toLocaleString('en').padStart(9), first.s.toFixed(1).padStart(8), `${first.rssMb.toFixed(0)} MB`.padStart(9), String(first.requests).padStart(9), String(Math.ceil(N / 100)).padStart(9), String(again.requests).padStart(16));
}
