// npm run bench: every figure of issue 20, measured in this run, then its table with each target,
// ratio and PASS/FAIL (exit 1 when one fails). --smoke (CI): every benchmark end to end on tiny inputs
// (seconds), no target checked, so a flag change that breaks a benchmark breaks CI. --startup-only:
// the start-up rows alone; --only=export,sync (any of startup, export, sync, sqlite, suite): those parts
// alone, and only their rows in the table.
//
// Start-up: whole processes, each against its yardstick run by run in turn (A B A B …, so machine
// noise falls on both alike), medians: --version and --help against `node -e 0`; one-request `forms
// list -o json` against a two-line node:http GET of the same page with no formctl. Beside them, with
// no target, the same GET by hand on a bare socket, and that socket GET after loading the CLI bundle;
// and, as forms list's bound, the node:http GET after loading its two bundles (their top level run).
import { spawnSync } from 'node:child_process';
import { serveSandbox } from './serve.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './median.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
const SMOKE = process.argv.includes('--smoke');
const STARTUP_ONLY = process.argv.includes('--startup-only');
const ONLY = STARTUP_ONLY ? ['startup'] : process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wants = (part) => !ONLY || ONLY.includes(part);
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 40);
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-'));
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config') };

function once(argv, extraEnv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed: ${r.stderr}`);
  return ms;
}


/** A case against its yardstick, alternating; the ratio is the median of the pairs' ratios. */
function compare(base, argv, extraEnv = {}) {
  const b = [];
  const c = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const bm = once(base, extraEnv);
    const cm = once(argv, extraEnv);
    if (i >= 3) { // warm-up runs fill the OS file cache
      b.push(bm);
      c.push(cm);
    }
  }
  return { base: median(b), ms: median(c), ratio: median(c.map((x, i) => x / b[i])) };
}

const STARTUP = wants('startup');
const NODE = ['-e', '0'];
// --version and --help need no server: measured before the sandbox starts, so that nothing else
// runs meanwhile (a served sandbox that has just started is not always idle yet)
const offline = [
  { name: 'formctl --version', yardstick: 'node -e 0', base: NODE, argv: [bin, '--version'], target: 1.05 },
  { name: 'formctl --help', yardstick: 'node -e 0', base: NODE, argv: [bin, '--help'], target: 1.05 },
];
if (STARTUP) for (const s of offline) Object.assign(s, compare(s.base, s.argv));

const { child, info } = STARTUP ? await serveSandbox(join(dir, 'data'), env) : { child: undefined, info: { baseUrl: '', keys: {} } };
const apiEnv = { FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys.owner };
if (STARTUP) spawnSync(process.execPath, [bin, 'forms', 'create', '--title', 'Bench', '--field', 'email:E-mail'], { env: { ...env, ...apiEnv } });

const floor = `require('http').get(process.env.U,{headers:{authorization:'Bearer '+process.env.K}},r=>{const b=[];r.on('data',c=>b.push(c));r.on('end',()=>require('fs').writeSync(1,Buffer.concat(b)))})`;
const rawGet = `const u=new URL(process.env.U);const s=require('net').connect(+u.port,u.hostname,()=>s.write('GET '+u.pathname+u.search+' HTTP/1.1\\r\\nHost: '+u.host+'\\r\\nAuthorization: Bearer '+process.env.K+'\\r\\nConnection: close\\r\\n\\r\\n'));const b=[];s.on('data',c=>b.push(c));s.on('end',()=>require('fs').writeSync(1,Buffer.concat(b)))`;
// the bundles `forms list` loads (the core, then the forms group, which takes shared modules from
// the core through require's cache), each through its code cache, as src/cli/bundle.ts loads them
const loadBundle = `const fs=require('fs'),M=require('module'),vm=require('vm'),p=require('path');const L=(f)=>{const m=new M.Module(f);m.filename=f;require.cache[f]=m;new vm.Script(M.wrap(fs.readFileSync(f,'latin1')),{filename:f,cachedData:fs.readFileSync(f+'.cache')}).runInThisContext().call(m.exports,m.exports,M.createRequire(f),m,f,p.dirname(f));};const d=p.dirname(process.env.RUN_JS);L(p.join(d,'run.js'));L(p.join(d,'cmd-forms.js'));`;
const floorEnv = { ...apiEnv, U: `${info.baseUrl}/forms?limit=100`, K: info.keys.owner, RUN_JS: join(root, 'dist/run.js') };
const FLOOR = ['-e', floor];
// what formctl could reach were nothing of it run but the loading of its bundles: `forms list`'s bound
const bundlesThenGet = { name: 'load run.js and cmd-forms.js, then node:http GET', yardstick: 'node:http GET', base: FLOOR, argv: ['-e', loadBundle + floor] };
const served = [
  { name: 'formctl forms list -o json (1 request)', yardstick: 'node:http GET', base: FLOOR, argv: [bin, 'forms', 'list', '-o', 'json'], target: 1.15 },
  { name: 'node:http GET /forms, no formctl', yardstick: 'node -e 0', base: NODE, argv: FLOOR },
  { name: 'socket GET by hand, no HTTP library', yardstick: 'node:http GET', base: FLOOR, argv: ['-e', rawGet] },
  { name: 'load run.js and cmd-forms.js, then socket GET', yardstick: 'node:http GET', base: FLOOR, argv: ['-e', loadBundle + rawGet] },
  bundlesThenGet,
];
if (STARTUP) {
  for (const s of served) Object.assign(s, compare(s.base, s.argv, floorEnv));
  child.kill('SIGTERM');
}
const startup = [...offline, ...served];
rmSync(dir, { recursive: true, force: true });

if (STARTUP) console.log(`start-up, median of ${RUNS} runs (node ${process.version})`);
if (STARTUP) console.log('case'.padEnd(50), 'ms'.padStart(7), 'yardstick'.padStart(15), 'ms'.padStart(7), 'ratio'.padStart(7), 'target'.padStart(7));
for (const s of STARTUP ? startup : []) console.log(s.name.padEnd(50), s.ms.toFixed(1).padStart(7), s.yardstick.padStart(15), s.base.toFixed(1).padStart(7), `${s.ratio.toFixed(2)}×`.padStart(7), s.target ? `${s.target.toFixed(2)}×`.padStart(7) : '');

// issue 3's export, import and deep pages; sync against export; SQLite engines; the test suite
let exportResults = [];
let syncResults;
if (wants('export')) ({ exportResults } = await import('./submissions.mjs'));
if (wants('sync')) ({ syncResults } = await import('./sync.mjs'));
if (wants('sqlite')) await import('./sqlite.mjs');
if (SMOKE && !ONLY) await import('./transport.mjs'); // its own npm run bench:transport; the smoke run keeps it alive
const suite = wants('suite') ? (await import('./suite.mjs')).timeSuite(root, SMOKE) : undefined;

// ── issue 20's table ─────────────────────────────────────────────────────────
const rows = [];
const row = (what, measured, target, ratio, ok) => rows.push({ what, measured, target, ratio, ok });
const fmt = (n) => Math.round(n).toLocaleString('en');
const at = (n) => exportResults.find((r) => r.n === n) ?? exportResults.at(-1);
if (exportResults.length) {
  const big = at(100_000);
  const last = exportResults.at(-1);
  row(`submissions export ${fmt(big.n)} rows → CSV`, `${fmt(big.rate)} rows/s, ${big.mb.toFixed(0)} MB`, '≥ 101,000 rows/s (issue 20)', `${(big.rate / 101_000).toFixed(2)}×`, big.rate >= 101_000);
  // flat from 100,000 rows on: the smallest run ends before V8 has grown its heap to working size
  row(`  peak RSS over N (${exportResults.map((r) => fmt(r.n)).join(', ')} rows)`, exportResults.map((r) => `${r.mb.toFixed(0)}`).join(' → ') + ' MB', `flat from ${fmt(big.n)} rows (≤ 1.15×)`, `${(last.mb / big.mb).toFixed(2)}×`, last.mb <= big.mb * 1.15);
}
if (syncResults) {
  for (const [name, d] of Object.entries(syncResults.databases)) {
    // PostgreSQL: with the bound its server's own CPU sets on this machine (bench/sync.mjs)
    const bound = d.bound === undefined ? '' : `; its server's CPU bounds it at ${d.bound.toFixed(2)}×`;
    row(`submissions sync ${fmt(syncResults.N)} rows → ${name}`, `${fmt(d.rate)} rows/s (export ${fmt(syncResults.exportRate)}${bound})`, '≥ 0.6× export, same run', `${d.ratio.toFixed(2)}×`, d.ratio >= 0.6);
  }
}
const list = startup[2];
if (STARTUP) row('one-request forms list -o json', `${list.ms.toFixed(1)} ms (floor ${list.base.toFixed(1)} ms; loading its bundles alone: ${bundlesThenGet.ratio.toFixed(2)}×)`, '≤ 1.15× node:http GET', `${list.ratio.toFixed(2)}×`, list.ratio <= 1.15);
for (const s of STARTUP ? startup.slice(0, 2) : []) row(s.name, `${s.ms.toFixed(1)} ms (node -e 0 ${s.base.toFixed(1)} ms)`, '≤ 1.05× node -e 0', `${s.ratio.toFixed(2)}×`, s.ratio <= 1.05);
if (suite) row(suite.what, `${suite.seconds.toFixed(1)} s, ${suite.tests} tests${suite.cpu === undefined ? '' : `; ${suite.cpu.toFixed(0)} s of CPU on ${suite.cores} cores`}`, suite.target ? `≤ ${suite.target} s` : 'none (smoke)', suite.target ? `${(suite.seconds / suite.target).toFixed(2)}×` : '', suite.target ? suite.seconds <= suite.target && suite.passed : suite.passed);

console.log(`\nissue 20 (node -e 0: ${(STARTUP ? startup[0].base : median(Array.from({ length: 7 }, () => once(NODE)))).toFixed(1)} ms on this machine${SMOKE ? '; smoke run: tiny inputs, no target checked' : ''})`);
console.log('| what | measured | target | ratio | |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.measured} | ${r.target} | ${r.ratio} | ${SMOKE ? '(smoke)' : r.ok ? 'PASS' : 'FAIL'} |`);
process.exitCode = !SMOKE && rows.some((r) => !r.ok) ? 1 : 0;
