import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitFor } from './cli.js';

// A real PostgreSQL server (Debian's postgresql) for the sync tests: one cluster for the whole test
// run, in the run's shared directory (test/helpers/globalSetup.ts, which stops it at the end),
// started by the first test that needs it, on a free loopback port, trust auth; each test gets a
// database of its own in it. As root it runs as `postgres`.

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed (Debian package postgresql; .ci/run installs it)');
  return join(base, versions[0]!, 'bin');
}

export interface Postgres {
  url: string;
  stop(): Promise<void>;
}

/** where the run's cluster lives, and the file that says where it listens once it does */
function clusterDir(): { dir: string; ready: string } {
  const shared = process.env.FORMCTL_TEST_SHARED_DIR;
  if (!shared) throw new Error('FORMCTL_TEST_SHARED_DIR is not set: run the tests with vitest (test/helpers/globalSetup.ts sets it)');
  const dir = join(shared, 'postgres');
  return { dir, ready: join(dir, 'server.json') };
}

/** initdb and the server, by the one test of the run that got here first; its port in `ready` once it answers. */
async function startCluster(dir: string, ready: string): Promise<void> {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  if (root) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['-R', 'postgres', dir]);
  }
  const as = (cmd: string, args: string[]): [string, string[]] => (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const data = join(dir, 'data');
  execFileSync(...as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']), { stdio: 'pipe' });
  const port = await freePort();
  const [cmd, args] = as(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']);
  // its own process group, outliving this test file: the run's teardown stops the group
  const server = spawn(cmd, args, { stdio: 'ignore', detached: true });
  server.unref();
  try {
    await waitFor(async () => (await query(port, 'SELECT 1').then(() => true, () => false)) || server.exitCode !== null, 'PostgreSQL to start', 20_000);
  } catch (e) {
    // never answered: not left running past the run — its whole group, since as root runuser forks
    // and the postmaster is runuser's child
    process.kill(-server.pid!, 'SIGKILL');
    throw e;
  }
  if (server.exitCode !== null) throw new Error(`PostgreSQL ended at once (exit ${server.exitCode})`);
  writeFileSync(`${ready}.tmp`, JSON.stringify({ port, pid: server.pid }));
  renameSync(`${ready}.tmp`, ready);
}

async function query(port: number, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  try {
    await c.connect();
    await c.query(sql);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A database of its own for the calling test, in the run's PostgreSQL server (started when none is yet). */
export async function startPostgres(): Promise<Postgres> {
  const { dir, ready } = clusterDir();
  let first = true;
  try {
    mkdirSync(dir); // the test that creates the directory starts the server; the others wait for it
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    first = false;
  }
  if (first) {
    await startCluster(dir, ready).catch((e: Error) => {
      // the tests waiting for it fail at once, with the reason
      writeFileSync(ready, JSON.stringify({ error: e.message }));
      throw e;
    });
  } else await waitFor(() => existsSync(ready), 'the run\'s PostgreSQL server (started by another test file)', 60_000);
  const { port, error } = JSON.parse(readFileSync(ready, 'utf8')) as { port: number; error?: string };
  if (error) throw new Error(`the run's PostgreSQL server did not start: ${error}`);
  const name = `formctl_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await query(port, `CREATE DATABASE ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${name}`,
    stop: () => query(port, `DROP DATABASE ${name} WITH (FORCE)`),
  };
}

/** Stops the run's server, if a test started one (the run's teardown). */
export async function stopRunPostgres(shared: string): Promise<void> {
  const ready = join(shared, 'postgres', 'server.json');
  if (!existsSync(ready)) return;
  const { pid } = JSON.parse(readFileSync(ready, 'utf8')) as { pid?: number };
  if (pid === undefined) return rmSync(join(shared, 'postgres'), { recursive: true, force: true });
  try {
    process.kill(-pid, 'SIGINT'); // fast shutdown of the whole group
  } catch {
    return; // gone already
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  await waitFor(() => !alive(), 'PostgreSQL to stop', 20_000);
  rmSync(join(shared, 'postgres'), { recursive: true, force: true });
}
