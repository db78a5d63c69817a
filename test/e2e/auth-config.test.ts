import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

function configEnv() {
  const dir = tempDir();
  return { dir, env: { FORMCTL_CONFIG_DIR: `${dir.path}/formctl` } };
}

describe('auth login', () => {
  it('reads the key from stdin with --with-key, stores it 0600 in a 0700 directory, never prints it', async () => {
    const { dir, env } = configEnv();
    const r = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'work', '--check'], { env, input: `${sb.keys.owner}\n` });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(sb.keys.owner);
    expect(r.stderr).toContain(`fk_…${sb.keys.owner.slice(-4)}`);
    const file = `${env.FORMCTL_CONFIG_DIR}/config.json`;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(env.FORMCTL_CONFIG_DIR).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ currentProfile: 'work', profiles: { work: { baseUrl: sb.baseUrl, apiKey: sb.keys.owner } } });
    const list = await runCli(['forms', 'list', '--json'], { env });
    expect(list.exitCode).toBe(0);
    dir.remove();
  });

  it('never prompts without a terminal: it names the flag to pass', async () => {
    const { dir, env } = configEnv();
    const r = await runCli(['auth', 'login', '--base-url', sb.baseUrl], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/pass --with-key/);
    const noUrl = await runCli(['auth', 'login', '--with-key'], { env, input: 'fk_x' });
    expect(noUrl.exitCode).toBe(2);
    expect(noUrl.stderr).toMatch(/pass --base-url URL/);
    dir.remove();
  });

  it('refuses plain http to a non-loopback host (spec §5: HTTPS only)', async () => {
    const { dir, env } = configEnv();
    const r = await runCli(['auth', 'login', '--with-key', '--base-url', 'http://api.example.com/v1'], { env, input: 'fk_x' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/must use https/);
    const flag = await runCli(['forms', 'list', '--base-url', 'http://api.example.com/v1'], { env: { ...env, FORMCTL_API_KEY: 'fk_x' } });
    expect(flag.exitCode).toBe(2);
    dir.remove();
  });

  it('verifies with --check and fails with exit 4 for a wrong key, saving nothing', async () => {
    const { dir, env } = configEnv();
    const r = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--check'], { env, input: 'fk_wrong' });
    expect(r.exitCode).toBe(4);
    expect((await runCli(['auth', 'list', '--json'], { env })).stdout.trim()).toBe('[]');
    dir.remove();
  });

  it('has no flag that takes the key as a value', async () => {
    const r = await runCli(['auth', 'login', '--key', 'fk_x']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--key'/);
  });
});

describe('auth status, list, switch, logout', () => {
  it('status masks the key, says where it came from, and makes no request unless --check', async () => {
    const { dir, env } = configEnv();
    await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--plan', 'starter'], { env, input: sb.keys.owner });
    const before = await sb.requestCount();
    const s = await runCli(['auth', 'status', '--json'], { env });
    expect(JSON.parse(s.stdout)).toMatchObject({ profile: 'default', baseUrl: sb.baseUrl, key: `fk_…${sb.keys.owner.slice(-4)}`, keySource: 'profile "default"', plan: 'starter' });
    expect(await sb.requestCount()).toBe(before);
    const fromEnv = await runCli(['auth', 'status', '--json', '--check'], { env: { ...env, FORMCTL_API_KEY: sb.keys.viewer } });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ keySource: 'env FORMCTL_API_KEY', check: 'ok: the key was accepted' });
    expect(fromEnv.stdout).not.toContain(sb.keys.viewer);
    expect(await sb.requestCount()).toBe(before + 1);
    dir.remove();
  });

  it('lists, switches and logs out profiles', async () => {
    const { dir, env } = configEnv();
    await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'a'], { env, input: sb.keys.owner });
    await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'b'], { env, input: sb.keys.viewer });
    let list = JSON.parse((await runCli(['auth', 'list', '--json'], { env })).stdout);
    expect(list.map((p: { name: string; current: boolean }) => [p.name, p.current])).toEqual([['a', false], ['b', true]]);
    expect(JSON.stringify(list)).not.toContain(sb.keys.owner);
    expect((await runCli(['auth', 'switch', 'a'], { env })).exitCode).toBe(0);
    expect((await runCli(['auth', 'switch', 'zzz'], { env })).exitCode).toBe(2);
    expect(JSON.parse((await runCli(['auth', 'status', '--json'], { env })).stdout).profile).toBe('a');
    expect((await runCli(['auth', 'logout', '--profile', 'a'], { env })).exitCode).toBe(0);
    list = JSON.parse((await runCli(['auth', 'list', '--json'], { env })).stdout);
    expect(list.map((p: { name: string }) => p.name)).toEqual(['b']);
    expect(readFileSync(`${env.FORMCTL_CONFIG_DIR}/config.json`, 'utf8')).not.toContain(sb.keys.owner);
    dir.remove();
  });

  it('says how to log in when there is no profile (exit 4)', async () => {
    const { dir, env } = configEnv();
    const r = await runCli(['forms', 'list'], { env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/auth login.*--sandbox/);
    dir.remove();
  });
});

describe('config', () => {
  it('sets, gets, lists and unsets settings, checking values', async () => {
    const { dir, env } = configEnv();
    expect((await runCli(['config', 'set', 'output', 'csv'], { env })).exitCode).toBe(0);
    expect((await runCli(['config', 'get', 'output'], { env })).stdout).toBe('csv\n');
    expect((await runCli(['config', 'set', 'output', 'xml'], { env })).exitCode).toBe(2);
    expect((await runCli(['config', 'set', 'timeout', '-1'], { env })).exitCode).toBe(2);
    expect((await runCli(['config', 'set', 'api-key', 'fk_x'], { env })).stderr).toMatch(/auth login/);
    expect((await runCli(['config', 'set', 'base-url', sb.baseUrl], { env })).exitCode).toBe(0);
    const listed = JSON.parse((await runCli(['config', 'list', '--json'], { env })).stdout);
    expect(listed).toContainEqual({ key: 'base-url', value: sb.baseUrl, scope: 'profile "default"' });
    // the output setting is used when -o is not given
    const forms = await runCli(['forms', 'list'], { env: { ...env, FORMCTL_API_KEY: sb.keys.owner } });
    expect(forms.stdout.split('\n')[0]).toMatch(/^id,qrId,title/);
    expect((await runCli(['config', 'unset', 'output'], { env })).exitCode).toBe(0);
    expect((await runCli(['config', 'get', 'output'], { env })).stdout).toBe('');
    expect((await runCli(['config', 'path'], { env })).stdout).toBe(`${env.FORMCTL_CONFIG_DIR}/config.json\n`);
    dir.remove();
  });
});

describe('errors as JSON', () => {
  it('writes the error envelope to stderr with -o json', async () => {
    const r = await sb.cli(['forms', 'get', 'NOSUCH', '-o', 'json']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ status: 'failed', message: 'Form not found', code: 400, data: {} });
  });
});

describe('help', () => {
  it('documents exit codes and environment variables', async () => {
    const codes = await runCli(['help', 'exit-codes']);
    for (const c of ['0 ', '1 ', '2 ', '3 ', '4 ', '5 ', '130']) expect(codes.stdout).toContain(`  ${c}`);
    expect((await runCli(['help', 'environment'])).stdout).toContain('FORMCTL_API_KEY');
  });
  it('exits 2 on an unknown command or option', async () => {
    expect((await runCli(['nope'])).exitCode).toBe(2);
    expect((await runCli(['forms', 'list', '--bogus'])).exitCode).toBe(2);
  });
  it('exits 0 for --help and --version', async () => {
    expect((await runCli(['forms', '--help'])).stdout).toContain('download');
    expect((await runCli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
