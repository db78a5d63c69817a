import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/server.js';

export type SeedRole = 'owner' | 'admin' | 'editor' | 'editor2' | 'viewer' | 'other';

export interface InProcessSandbox {
  sandbox: RunningSandbox;
  baseUrl: string;
  origin: string;
  dataDir: string;
  keys: Record<SeedRole, string>;
  /** a raw API call; `as` picks a seeded role's key (owner by default) */
  api(method: string, path: string, opts?: { as?: SeedRole; key?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** A sandbox served from this test process (no child process): fast to start, independent of others. */
export async function inProcessSandbox(opts: Partial<SandboxOptions> = {}): Promise<InProcessSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'formctl-sb-'));
  // contract checks always on: every response a test gets is checked against the OpenAPI description
  const sandbox = await startSandbox({ dataDir: join(dir, 'data'), port: 0, ...opts, contract: { cacheDir: process.env.FORMCTL_SANDBOX_CONTRACT_CACHE } });
  const keys = Object.fromEntries(sandbox.keys.map((k) => [k.role, k.key])) as Record<SeedRole, string>;
  return {
    sandbox,
    baseUrl: sandbox.baseUrl,
    origin: sandbox.origin,
    dataDir: join(dir, 'data'),
    keys,
    async api(method, path, o = {}) {
      const key = o.key ?? keys[o.as ?? 'owner'];
      const res = await fetch(`${sandbox.baseUrl}${path}`, {
        method,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json', ...o.headers },
        body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch { /* binary or text */ }
      return { status: res.status, body, headers: res.headers };
    },
    async admin(method, path, body) {
      const res = await fetch(`${sandbox.origin}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return ((await res.json()) as { data: unknown }).data as never;
    },
    async stop() {
      const violations = sandbox.contract?.violations ?? [];
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
      if (violations.length) throw new Error(`contract violations:\n${JSON.stringify(violations, null, 2)}`);
    },
  };
}
