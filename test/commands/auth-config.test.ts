import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configEnv } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/commandSandbox.js';
import { runInProcess } from '../helpers/inProcessCli.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());


describe('auth login', () => {

  it('never prompts without a terminal: it names the flag to pass', async () => {
    const { dir, env } = configEnv();
    const r = await runInProcess(['auth', 'login', '--base-url', sb.baseUrl], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/pass --with-key/);
    const noUrl = await runInProcess(['auth', 'login', '--with-key'], { env, input: 'fk_x' });
    expect(noUrl.exitCode).toBe(2);
    expect(noUrl.stderr).toMatch(/pass --base-url URL/);
    dir.remove();
  });

  it('refuses plain http to a non-loopback host (spec §5: HTTPS only)', async () => {
    const { dir, env } = configEnv();
    const r = await runInProcess(['auth', 'login', '--with-key', '--base-url', 'http://api.example.com/v1'], { env, input: 'fk_x' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/must use https/);
    const flag = await runInProcess(['forms', 'list', '--base-url', 'http://api.example.com/v1'], { env: { ...env, FORMCTL_API_KEY: 'fk_x' } });
    expect(flag.exitCode).toBe(2);
    dir.remove();
  });

  it('verifies with --check and fails with exit 4 for a wrong key, saving nothing', async () => {
    const { dir, env } = configEnv();
    const r = await runInProcess(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--check'], { env, input: 'fk_wrong' });
    expect(r.exitCode).toBe(4);
    expect((await runInProcess(['auth', 'list', '--json'], { env })).stdout.trim()).toBe('[]');
    dir.remove();
  });

  it('has no flag that takes the key as a value', async () => {
    const r = await runInProcess(['auth', 'login', '--key', 'fk_x']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--key'/);
  });
});

describe('auth status, list, switch, logout', () => {
  it('status masks the key, says where it came from, and makes no request unless --check', async () => {
    const { dir, env } = configEnv();
    await runInProcess(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--plan', 'starter', '--insecure-storage'], { env, input: sb.keys.owner });
    const before = await sb.requestCount();
    const s = await runInProcess(['auth', 'status', '--json'], { env });
    expect(JSON.parse(s.stdout)).toMatchObject({ profile: 'default', baseUrl: sb.baseUrl, key: `fk_…${sb.keys.owner.slice(-4)} (config file)`, keySource: 'config file', plan: 'starter' });
    expect(await sb.requestCount()).toBe(before);
    const fromEnv = await runInProcess(['auth', 'status', '--json', '--check'], { env: { ...env, FORMCTL_API_KEY: sb.keys.viewer } });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ keySource: 'env FORMCTL_API_KEY', check: 'ok: the key was accepted' });
    expect(fromEnv.stdout).not.toContain(sb.keys.viewer);
    expect(await sb.requestCount()).toBe(before + 1);
    dir.remove();
  });

  it('status when not logged in prints what it knows and exits 4, as gh auth status does', async () => {
    const { dir, env } = configEnv();
    const s = await runInProcess(['auth', 'status', '--json'], { env });
    expect(s.exitCode).toBe(4);
    expect(JSON.parse(s.stdout)).toMatchObject({ profile: 'default (not set up)', key: '(none)' });
    expect(JSON.parse(s.stderr)).toMatchObject({ message: expect.stringMatching(/^not logged in: profile "default" has no base URL/), exitCode: 4 });
    const sandboxed = await runInProcess(['--sandbox', 'auth', 'status', '--json'], { env });
    // the sandbox's plan, as `quota` shows it: read from its data, which a status never creates
    expect([sandboxed.exitCode, JSON.parse(sandboxed.stdout).plan]).toEqual([0, 'free']);
    expect(existsSync(`${env.FORMCTL_CONFIG_DIR}/sandbox`)).toBe(false);
    dir.remove();
  });

  it('lists, switches and logs out profiles', async () => {
    const { dir, env } = configEnv();
    await runInProcess(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'a'], { env, input: sb.keys.owner });
    await runInProcess(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'b'], { env, input: sb.keys.viewer });
    let list = JSON.parse((await runInProcess(['auth', 'list', '--json'], { env })).stdout);
    expect(list.map((p: { name: string; current: boolean }) => [p.name, p.current])).toEqual([['a', false], ['b', true]]);
    expect(JSON.stringify(list)).not.toContain(sb.keys.owner);
    expect((await runInProcess(['auth', 'switch', 'a'], { env })).exitCode).toBe(0);
    expect((await runInProcess(['auth', 'switch', 'zzz'], { env })).exitCode).toBe(2);
    expect(JSON.parse((await runInProcess(['auth', 'status', '--json'], { env })).stdout).profile).toBe('a');
    expect((await runInProcess(['auth', 'logout', '--profile', 'a'], { env })).exitCode).toBe(0);
    list = JSON.parse((await runInProcess(['auth', 'list', '--json'], { env })).stdout);
    expect(list.map((p: { name: string }) => p.name)).toEqual(['b']);
    expect(readFileSync(`${env.FORMCTL_CONFIG_DIR}/config.json`, 'utf8')).not.toContain(sb.keys.owner);
    dir.remove();
  });

  it('says how to log in when there is no profile (exit 4)', async () => {
    const { dir, env } = configEnv();
    const r = await runInProcess(['forms', 'list'], { env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/auth login.*--sandbox/);
    dir.remove();
  });
});

describe('errors as JSON', () => {
  it('writes the error envelope to stderr with -o json', async () => {
    const r = await sb.cli(['forms', 'get', 'NOSUCH', '-o', 'json']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ status: 'failed', message: 'Form not found', code: 400, data: {}, exitCode: 1, kind: 'api', httpStatus: 400 });
  });
});

