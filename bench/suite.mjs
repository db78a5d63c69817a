// The test suite's row of issue 20: `npm test` end to end (its pretest, the build, the type check and
// every test), timed, on this machine; ≤ 40 s is the target. The smoke run times one small test
// directory instead, to keep the step alive. Output goes to a log file, named when the run fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuDelta, endedChildrenCpu } from './cpu.mjs';

export function timeSuite(root, smoke) {
  const [cmd, args] = smoke ? [process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'test/unit/cli']] : ['npm', ['test']];
  const cpuBefore = endedChildrenCpu();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, CI: '1' } });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // the CPU of the whole run (every process it started and waited for): with every core busy
  // throughout, the run takes at least that over the cores (bench/cpu.mjs; undefined without /proc)
  const cpu = cpuDelta(cpuBefore, endedChildrenCpu());
  const cores = availableParallelism();
  const out = `${r.stdout}\n${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, ''); // vitest colours even in a pipe
  // vitest's summary: "Tests  1030 passed (1030)"
  const tests = Number(/Tests\s+(?:\d+ \w+ \| )*(\d+) passed/.exec(out)?.[1] ?? 0);
  const log = join(mkdtempSync(join(tmpdir(), 'formctl-bench-suite-')), 'suite.log');
  writeFileSync(log, out);
  if (r.status !== 0) console.log(`test suite failed (exit ${r.status}): ${log}`);
  const cpuLine = cpu === undefined ? '' : `; ${cpu.toFixed(1)} s of CPU on ${cores} cores, so at least ${(cpu / cores).toFixed(1)} s with every core busy throughout`;
  console.log(`\ntest suite: ${smoke ? 'vitest run test/unit/cli (smoke)' : 'npm test'} in ${seconds.toFixed(1)} s, ${tests} tests passed${cpuLine}`);
  return { what: smoke ? 'test suite (smoke: test/unit/cli)' : 'test suite, npm test', seconds, tests, cpu, cores, passed: r.status === 0, target: smoke ? undefined : 40 };
}
