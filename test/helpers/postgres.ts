import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real PostgreSQL server (Debian's postgresql) for the sync tests: a new cluster in a temp dir, on
// a free loopback port, trust auth, stopped and removed afterwards. As root it runs as `postgres`.

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed (Debian package postgresql; .ci/run installs it)');
  return join(base, versions[0]!, 'bin');
}

/** A free loopback port (for a server the test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Postgres {
  url: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<Postgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'formctl-pg-'));
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
  const server: ChildProcess = spawn(cmd, args, { stdio: 'ignore', detached: true });
  const { default: pg } = await import('pg');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await c.connect();
      await c.query('CREATE DATABASE formctl');
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/formctl`,
    async stop() {
      try {
        process.kill(-server.pid!, 'SIGINT'); // fast shutdown of the whole group
      } catch { /* gone */ }
      await new Promise<void>((r) => (server.exitCode !== null ? r() : server.once('exit', () => r())));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
