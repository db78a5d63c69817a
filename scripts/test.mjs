// npm test, after the build: the type check (TypeScript 7's native tsc --noEmit, about a third of
// TypeScript 5's CPU; TypeScript 5 stays for the tests and openapi-typescript, which use its API)
// and the test suite (vitest run, with the arguments given to npm test) side by side instead of one after the other — the suite's workers wait
// on the processes and servers its tests start, and the type check fills that time. The type check's
// output is printed once it ends (it would otherwise cut through the suite's); either failing fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { testJitFlags } from './jit-flags.mjs';

const require = createRequire(import.meta.url);
const tscBin = join(dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const vitestBin = require.resolve('vitest/vitest.mjs');

// one thread: beside the suite's workers every core is busy already, and tsc's own threads cost more
// CPU than they save (on two cores: 5.4 s of CPU in 2.8 s alone, against 2.6 s in 2.2 s)
const tsc = spawn(process.execPath, [tscBin, '--noEmit', '--singleThreaded'], { stdio: ['ignore', 'pipe', 'pipe'] });
let tscOut = '';
tsc.stdout.on('data', (c) => (tscOut += c));
tsc.stderr.on('data', (c) => (tscOut += c));
const tscCode = new Promise((res) => tsc.on('close', (code, signal) => res(code ?? (signal ? 1 : 0))));

const vitest = spawn(process.execPath, [...testJitFlags(), vitestBin, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
// Ctrl-C reaches both children through the terminal's process group; a signal sent to this process
// alone (a CI timeout) is passed on
for (const sig of ['SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    tsc.kill(sig);
    vitest.kill(sig);
  });
}
const vitestCode = await new Promise((res) => vitest.on('close', (code, signal) => res(code ?? (signal ? 1 : 0))));

const typeCode = await tscCode;
if (typeCode !== 0) process.stderr.write(`\ntsc --noEmit failed:\n${tscOut}`);
else process.stderr.write('tsc --noEmit: no type error\n');
process.exitCode = vitestCode || typeCode;
