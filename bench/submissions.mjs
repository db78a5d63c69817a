// Export, import and deep-page figures of issue 3, against a local sandbox started here.
// Targets: export >= 20,000 rows/s with peak RSS <= 150 MB that does not grow with N; import >= 2,000 rows/s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './median.mjs';
import { serveSandbox } from './serve.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-subs-'));
const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config') };

const { child, info } = await serveSandbox(join(dir, 'data'), baseEnv, ['--plan', 'enterprise']);
const env = { ...baseEnv, FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys.owner };
// after measure() blocked this process (spawnSync), one turn of the event loop first: a connection the
// server closed meanwhile is seen closed, and not reused (below, logOf also asks again when one was)
const settle = () => new Promise((r) => setTimeout(r, 10));
const api = async (method, path, body, admin = false) => {
  await settle();
  const res = await fetch(`${admin ? info.origin : info.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${info.keys.owner}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  return (await res.json()).data;
};
const form = async (title) =>
  api('POST', '/forms', {
    title, shortText: '',
    fields: [
      { type: 'name', option: { label: 'Name', required: true } },
      { type: 'email', option: { label: 'Mail', required: true } },
      { type: 'radio', option: { label: 'Meal', options: [{ name: 'Veg', value: 'veg' }, { name: 'Fish', value: 'fish' }] } },
      { type: 'checkbox', option: { label: 'Topics', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] } },
      { type: 'shortText', option: { label: 'Note' } },
    ],
  });
/**
 * A GET of the sandbox's request log, asked again once when its kept-alive connection was closed:
 * measure() blocks this process (spawnSync) longer than the server keeps an idle connection (10 s, a
 * 300,000-row export run three times on a slow machine), and fetch does not see the close until it
 * reuses the socket.
 */
async function logOf(query = '') {
  await settle();
  const get = () => fetch(`${info.origin}/_sandbox/requests${query}`).then((r) => r.json());
  return (await get().catch((e) => (e?.cause?.code === 'UND_ERR_SOCKET' ? get() : Promise.reject(e)))).data;
}
const lastRequestId = async () => (await logOf()).at(-1)?.id ?? 0;
const requestsSince = async (id) => (await logOf(`?since=${id}`)).length;

/** Runs a command under /usr/bin/time: wall seconds and peak RSS in MB. */
function measure(cmd, args) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const [secs, kb] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { secs, mb: kb / 1024, stdout: r.stdout };
}

// --smoke (npm run bench -- --smoke, run by CI): every step on tiny inputs, so that a changed flag breaks CI
const SMOKE = process.argv.includes('--smoke');
const SIZES = SMOKE ? [300] : [10_000, 100_000, 300_000];
const NAIVE_AT = SMOKE ? 300 : 100_000;
const EXPORT_RUNS = SMOKE ? 1 : 3;
const IMPORT_N = SMOKE ? 100 : 10_000;
const SEQ_N = SMOKE ? 20 : 2_000;
const DEEP_N = SMOKE ? 2_000 : 1_000_000;
const rows = [];
const fmt = (n) => n.toLocaleString('en');
for (const n of SIZES) {
  const f = await form(`Export ${n}`);
  await api('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: n }, true);
  const before = await lastRequestId();
  const out = join(dir, `export-${n}.csv`);
  // the median of EXPORT_RUNS runs (one run of a second moved by a fifth between runs on one machine)
  const runs = Array.from({ length: EXPORT_RUNS }, () => measure(process.execPath, [bin, 'submissions', 'export', f.qrId, '--out', out, '--force']));
  const m = { secs: median(runs.map((r) => r.secs)), mb: median(runs.map((r) => r.mb)) };
  const requests = (await requestsSince(before)) / EXPORT_RUNS;
  rows.push({ name: `formctl export ${fmt(n)} → CSV${EXPORT_RUNS > 1 ? ` (median of ${EXPORT_RUNS})` : ''}`, n, secs: m.secs, rate: n / m.secs, mb: m.mb, requests, ideal: Math.ceil(n / 100) });
  if (n === NAIVE_AT) {
    const b2 = await lastRequestId();
    const naive = measure(process.execPath, [join(root, 'bench/naive-export.mjs'), info.baseUrl, info.keys.owner, f.qrId, join(dir, 'naive.csv')]);
    rows.push({ name: `naive export ${fmt(n)} (limit=50, sequential)`, secs: naive.secs, rate: n / naive.secs, mb: naive.mb, requests: await requestsSince(b2), ideal: Math.ceil(n / 100) });
  }
}

// import: 10,000 rows, and the same work sent one row at a time for comparison
const imp = await form('Import');
const csv = ['Name,Mail,Meal,Topics,Note', ...Array.from({ length: IMPORT_N }, (_, i) => `Person ${i},p${i}@example.com,${i % 2 ? 'veg' : 'fish'},a;b,row ${i}`)].join('\n');
const file = join(dir, 'import.csv');
writeFileSync(file, csv);
const im = measure(process.execPath, [bin, 'submissions', 'import', imp.qrId, file, '--concurrency', '8', '--json']);
const importRows = [{ name: `formctl import ${fmt(IMPORT_N)} rows (concurrency 8)`, secs: im.secs, rate: IMPORT_N / im.secs, mb: im.mb }];
const seqFile = join(dir, 'import-seq.csv');
writeFileSync(seqFile, csv.split('\n').slice(0, SEQ_N + 1).join('\n'));
const imp2 = await form('Import sequential');
const seq = measure(process.execPath, [bin, 'submissions', 'import', imp2.qrId, seqFile, '--concurrency', '1', '--json']);
importRows.push({ name: `formctl import ${fmt(SEQ_N)} rows (concurrency 1)`, secs: seq.secs, rate: SEQ_N / seq.secs, mb: seq.mb });

// deep pages of a million-submission form
const big = await form('Million');
await api('POST', '/_sandbox/seed-submissions', { qrId: big.qrId, count: DEEP_N }, true);
const timePage = async (page) => {
  const t0 = performance.now();
  await api('GET', `/forms/${big.qrId}/submissions?page=${page}&limit=100`);
  const a = performance.now() - t0;
  const t1 = performance.now();
  await api('GET', `/forms/${big.qrId}/submissions?page=${page}&limit=100`);
  return Math.min(a, performance.now() - t1);
};
const pages = SMOKE ? [[1, await timePage(1)], [20, await timePage(20)]] : [[1, await timePage(1)], [1000, await timePage(1000)], [10_000, await timePage(10_000)]];

child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

console.log('\nexport (targets: >= 20,000 rows/s, peak RSS <= 150 MB and flat in N, requests = ceil(N/100))');
console.log('case'.padEnd(44), 'seconds'.padStart(8), 'rows/s'.padStart(9), 'peak RSS'.padStart(9), 'requests'.padStart(9), 'ceil(N/100)'.padStart(12));
for (const r of rows) console.log(r.name.padEnd(44), r.secs.toFixed(2).padStart(8), fmt(Math.round(r.rate)).padStart(9), `${r.mb.toFixed(0)} MB`.padStart(9), fmt(r.requests).padStart(9), fmt(r.ideal).padStart(12));
console.log('\nimport (target: >= 2,000 rows/s)');
for (const r of importRows) console.log(r.name.padEnd(44), r.secs.toFixed(2).padStart(8), fmt(Math.round(r.rate)).padStart(9), `${r.mb.toFixed(0)} MB`.padStart(9));
console.log(`\nlist latency on a ${fmt(DEEP_N)}-submission form (limit=100, server time + loopback)`);
for (const [p, ms] of pages) console.log(`page ${fmt(p)}`.padEnd(44), `${ms.toFixed(1)} ms`.padStart(8));

/** issue 20's export row: formctl's runs at each size (rows/s, peak RSS) */
export const exportResults = rows.filter((r) => r.n !== undefined);
