import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

describe('state survives restarts and kill -9', () => {
  it('keeps acknowledged writes when the server is killed with SIGKILL', async () => {
    const dir = tempDir();
    const serve = () => execa('node', [BIN, 'sandbox', 'serve', '--port', '0', '--data', dir.path, '-o', 'json'], { env: cleanEnv(), extendEnv: false, reject: false });
    const firstLine = (p: ReturnType<typeof serve>) =>
      new Promise<{ baseUrl: string; keys: Record<string, string> }>((resolve) => {
        let buf = '';
        p.stdout!.on('data', (c: Buffer) => {
          buf += c;
          if (buf.includes('\n')) resolve(JSON.parse(buf.slice(0, buf.indexOf('\n'))));
        });
      });
    const p1 = serve();
    const info = await firstLine(p1);
    const env = { FORMCTL_CONFIG_DIR: `${dir.path}/cfg`, FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys.owner };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await runCli(['forms', 'create', '--title', `Durable ${i}`, '--field', 'email:e', '-q'], { env })).stdout.trim());
    p1.kill('SIGKILL');
    await p1;
    const p2 = serve();
    const info2 = await firstLine(p2);
    expect(info2.keys.owner).toBe(info.keys.owner);
    const listed = await runCli(['forms', 'list', '-q', '--all'], { env: { ...env, FORMCTL_BASE_URL: info2.baseUrl } });
    expect(listed.stdout.trim().split('\n').sort()).toEqual([...ids].sort());
    // a sandbox the tests run as a process checks every response against the contract (the test
    // environment turns it on): on, and nothing it answered violated it
    const contract = (await (await fetch(`${new URL(info2.baseUrl).origin}/_sandbox/contract`)).json()) as { data: { enabled: boolean; violations: unknown[] } };
    expect(contract.data).toEqual({ enabled: true, violations: [] });
    p2.kill('SIGTERM');
    await p2;
    dir.remove();
  });
});

describe('the embedded sandbox (--sandbox)', () => {
  it('runs every command with no account and no second terminal, and keeps state between runs', async () => {
    const dir = tempDir();
    const env = { FORMCTL_CONFIG_DIR: dir.path };
    const created = await runCli(['--sandbox', 'forms', 'create', '--title', 'Embedded', '--field', 'email:e', '-q'], { env });
    expect(created.exitCode).toBe(0);
    const id = created.stdout.trim();
    const got = await runCli(['forms', 'get', id, '--sandbox', '--json'], { env });
    expect(JSON.parse(got.stdout).title).toBe('Embedded');
    dir.remove();
  });

  it('survives concurrent invocations on the same data dir', async () => {
    const dir = tempDir();
    const env = { FORMCTL_CONFIG_DIR: dir.path };
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => runCli(['--sandbox', 'forms', 'create', '--title', `Parallel ${i}`, '--field', 'email:e', '-q'], { env })),
    );
    for (const r of runs) expect(r.exitCode, r.stderr).toBe(0);
    const ids = runs.map((r) => r.stdout.trim());
    const listed = await runCli(['--sandbox', 'forms', 'list', '--all', '-q'], { env });
    expect(listed.stdout.trim().split('\n').sort()).toEqual([...ids].sort());
    const keys = await runCli(['sandbox', 'keys', '--json'], { env });
    expect(JSON.parse(keys.stdout)).toHaveLength(6);
    dir.remove();
  });

});

describe('timeouts, interrupts and the request log', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    await sb.stop();
  });

  it('exits 130 on Ctrl-C', async () => {
    // one slow answer, scoped to this request: the rule is used up when the request arrives
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=latency,latency=5000,route=GET /forms,count=1' });
    const child = spawnCli(['forms', 'list'], { env: { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_CONFIG_DIR: sb.configDir } });
    await waitFor(async () => (await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults')).rules.length === 0, 'the request to reach the sandbox');
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
  });
});

