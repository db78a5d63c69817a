import { execa, type ResultPromise } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runToEnd } from './spawner.js';

export const BIN = resolve(import.meta.dirname, '../../bin/formctl.js');

export function tempDir(prefix = 'formctl-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  timeout?: number;
}

/** Environment with nothing inherited that could change formctl's behaviour. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    CI: undefined,
    FORMCTL_API_KEY: undefined,
    FORMCTL_BASE_URL: undefined,
    FORMCTL_PROFILE: undefined,
    FORMCTL_SANDBOX_DIR: undefined,
    FORMCTL_RETRY_BASE_MS: '20',
    // every sandbox the tests start checks requests and responses against the OpenAPI description
    FORMCTL_SANDBOX_CONTRACT: '1',
    // compiled once per test run (test/helpers/globalSetup.ts), not by every command
    FORMCTL_SANDBOX_CONTRACT_CACHE: process.env.FORMCTL_SANDBOX_CONTRACT_CACHE,
    ...extra,
  };
}

export async function runCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  // started by the worker's spawner (spawner.ts), not by the worker
  const r = await runToEnd('node', [BIN, ...args], { env: cleanEnv(opts.env), input: opts.input ?? '', timeout: opts.timeout ?? 60_000 });
  return { exitCode: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

export function spawnCli(args: string[], opts: RunOptions = {}): ResultPromise {
  return execa('node', [BIN, ...args], { env: cleanEnv(opts.env), extendEnv: false, reject: false, buffer: false });
}

/**
 * Waits until `check` holds (polled every 20 ms): tests wait on events and output, never for a
 * fixed time. Fails with `what` after `timeoutMs`.
 */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
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
