// CPU seconds of other processes, read from Linux's /proc, for the benchmarks that share the machine's
// cores between formctl, the served sandbox and a database server. Elsewhere (no /proc) every
// figure is undefined and the benchmarks print none.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticks;
/** clock ticks per second, the unit of /proc's CPU times */
function ticksPerSecond() {
  try {
    ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticks = 100;
  }
  return ticks;
}

/** [comm, the process's own CPU, its reaped children's CPU] in seconds, or undefined when gone */
function stat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // the command name is in parentheses and may hold spaces: the fields are counted after its last ')'
  const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields 14–17 of proc(5) (utime, stime, cutime, cstime) are 12–15 counted from field 3, the state
  const t = ticksPerSecond();
  return [comm, (Number(f[11]) + Number(f[12])) / t, (Number(f[13]) + Number(f[14])) / t];
}

/** A process's CPU seconds so far, every thread's (its ended children not counted). */
export function processCpu(pid) {
  return stat(pid)?.[1];
}

/**
 * The CPU seconds of this process's children that have ended and been waited for, with theirs in
 * turn: what a command run to its end used, its whole tree of processes (one left running past
 * its parent's end is not counted).
 */
export function endedChildrenCpu() {
  return stat(process.pid)?.[2];
}

/**
 * The CPU seconds of every PostgreSQL server process on the machine, the backends that ended
 * included (their time is their postmaster's reaped children's); undefined when none runs here.
 * Another cluster running on the machine is counted too, and a server elsewhere (FORMCTL_BENCH_PG on
 * another host) not at all: the bound the bench prints holds for its own local server only.
 */
export function postgresCpu() {
  let total;
  let pids;
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    const s = stat(pid);
    if (s?.[0] === 'postgres') total = (total ?? 0) + s[1] + s[2];
  }
  return total;
}

/** CPU seconds between two readings; undefined when either is unknown (no /proc, a process gone). */
export function cpuDelta(before, after) {
  return before === undefined || after === undefined ? undefined : after - before;
}
