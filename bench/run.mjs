// npm run bench: whole-process start-up of formctl against `node -e 0`, measured in the same run.
// Targets (issue 2): --version and --help at most 1.3x; one-request `forms list -o json` at most 2.0x.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin/formctl.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-'));
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORMCTL_CONFIG_DIR: join(dir, 'config') };

async function startSandbox() {
  const child = spawn(process.execPath, [bin, 'sandbox', 'serve', '--port', '0', '--data', join(dir, 'data'), '-o', 'json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const info = await new Promise((res, rej) => {
    let buf = '';
    child.stdout.on('data', (c) => {
      buf += c;
      if (buf.includes('\n')) res(JSON.parse(buf.slice(0, buf.indexOf('\n'))));
    });
    child.on('exit', (code) => rej(new Error(`sandbox exited ${code}`)));
  });
  return { child, info };
}

function once(cmd, args, extraEnv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Baseline and case alternate run by run, so machine noise falls on both alike. */
function compare(args, extraEnv = {}) {
  const base = [];
  const cmd = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const b = once(process.execPath, ['-e', '0'], {});
    const c = once(process.execPath, [bin, ...args], extraEnv);
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

const cases = [
  ['formctl --version', ['--version'], {}, 1.3],
  ['formctl --help', ['--help'], {}, 1.3],
  ['formctl forms list -o json (1 request)', ['forms', 'list', '-o', 'json'], apiEnv, 2.0],
];
const rows = [];
for (const [name, args, extra, target] of cases) {
  const { base, ms } = compare(args, extra);
  rows.push({ name, ms, base, ratio: ms / base, target });
}
child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

console.log(`start-up, median of ${RUNS} runs (node ${process.version})`);
console.log('case'.padEnd(42), 'ms'.padStart(7), 'node -e 0'.padStart(10), 'ratio'.padStart(7), 'target'.padStart(7));
let failed = false;
for (const r of rows) {
  const ok = r.ratio <= r.target;
  failed ||= !ok;
  console.log(r.name.padEnd(42), r.ms.toFixed(1).padStart(7), r.base.toFixed(1).padStart(10), `${r.ratio.toFixed(2)}x`.padStart(7), `${r.target.toFixed(1)}x`.padStart(7), ok ? 'ok' : 'OVER');
}
process.exitCode = failed ? 1 : 0;

// issue 3: export, import and deep pages
if (!process.argv.includes('--startup-only')) {
  await import('./submissions.mjs');
  await import('./sync.mjs');
}
