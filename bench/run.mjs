// npm run bench: whole-process start-up of formctl against `node -e 0`, measured in the same run.
// Targets (issue 13): --version and --help at most 1.15x; a one-request command at most 1.6x. Beside
// them, with no target, the floors of one request: a two-line node:http GET of the same page with no
// formctl, the same GET by hand on a bare socket, and that socket GET after loading the CLI bundle.
import { spawnSync } from 'node:child_process';
import { serveSandbox } from './serve.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
// --smoke: every benchmark end to end on tiny inputs (seconds), no target checked: CI runs it, so a
// flag change that breaks a benchmark breaks CI
const SMOKE = process.argv.includes('--smoke');
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 40);
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-'));
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config') };

const startSandbox = () => serveSandbox(join(dir, 'data'), env);

function once(cmd, args, extraEnv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Baseline and case alternate run by run, so machine noise falls on both alike. */
function compare(nodeArgv, extraEnv = {}) {
  const base = [];
  const cmd = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const b = once(process.execPath, ['-e', '0'], {});
    const c = once(process.execPath, nodeArgv, extraEnv);
    if (i >= 3) { // warm-up runs fill the OS file cache
      base.push(b);
      cmd.push(c);
    }
  }
  return { base: median(base), ms: median(cmd) };
}

const { child, info } = await startSandbox();
const apiEnv = { FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys.owner };
spawnSync(process.execPath, [bin, 'forms', 'create', '--title', 'Bench', '--field', 'email:E-mail'], { env: { ...env, ...apiEnv } });

const floor = `require('http').get(process.env.U,{headers:{authorization:'Bearer '+process.env.K}},r=>{const b=[];r.on('data',c=>b.push(c));r.on('end',()=>require('fs').writeSync(1,Buffer.concat(b)))})`;
// What the one-request target leaves to formctl: the same GET written by hand on a bare socket (no
// HTTP library), and that socket GET after only loading formctl's CLI bundle the way dist/main.js
// does (code cache included, no command run)
const rawGet = `const u=new URL(process.env.U);const s=require('net').connect(+u.port,u.hostname,()=>s.write('GET '+u.pathname+u.search+' HTTP/1.1\\r\\nHost: '+u.host+'\\r\\nAuthorization: Bearer '+process.env.K+'\\r\\nConnection: close\\r\\n\\r\\n'));const b=[];s.on('data',c=>b.push(c));s.on('end',()=>require('fs').writeSync(1,Buffer.concat(b)))`;
const loadBundle = `const fs=require('fs'),f=process.env.RUN_JS,m={exports:{}};new (require('vm').Script)(require('module').wrap(fs.readFileSync(f,'utf8')),{filename:f,cachedData:fs.readFileSync(f+'.cache')}).runInThisContext().call(m.exports,m.exports,require('module').createRequire(f),m,f,require('path').dirname(f));`;
const floorEnv = { U: `${info.baseUrl}/forms?limit=100`, K: info.keys.owner, RUN_JS: join(root, 'dist/run.js') };
const cases = [
  ['formctl --version', [bin, '--version'], {}, 1.15],
  ['formctl --help', [bin, '--help'], {}, 1.15],
  ['formctl forms list -o json (1 request)', [bin, 'forms', 'list', '-o', 'json'], apiEnv, 1.6],
  ['floor: node:http GET /forms, no formctl', ['-e', floor], floorEnv, undefined],
  ['floor: socket GET by hand, no HTTP library', ['-e', rawGet], floorEnv, undefined],
  ['floor: load the CLI bundle, then socket GET', ['-e', loadBundle + rawGet], floorEnv, undefined],
];
const rows = [];
for (const [name, argv, extra, target] of cases) {
  const { base, ms } = compare(argv, extra);
  rows.push({ name, ms, base, ratio: ms / base, target });
}
child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

console.log(`start-up, median of ${RUNS} runs (node ${process.version})`);
console.log('case'.padEnd(46), 'ms'.padStart(7), 'node -e 0'.padStart(10), 'ratio'.padStart(7), 'target'.padStart(7));
let failed = false;
for (const r of rows) {
  const ok = r.target === undefined || r.ratio <= r.target;
  failed ||= !ok;
  const target = r.target === undefined ? '' : `${r.target.toFixed(2)}x`;
  console.log(r.name.padEnd(46), r.ms.toFixed(1).padStart(7), r.base.toFixed(1).padStart(10), `${r.ratio.toFixed(2)}x`.padStart(7), target.padStart(7), r.target === undefined ? '' : ok ? 'ok' : 'OVER');
}
process.exitCode = failed && !SMOKE ? 1 : 0;

// issue 3: export, import and deep pages
if (!process.argv.includes('--startup-only')) {
  await import('./submissions.mjs');
  await import('./sync.mjs');
  await import('./sqlite.mjs');
  if (SMOKE) await import('./transport.mjs'); // its own npm run bench:transport; the smoke run keeps it alive
}
