import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { configEnv } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());


describe('auth login', () => {
  it('8 logins run at once (separate processes) leave 8 profiles: the config is locked while it is changed', async () => {
    const { dir, env } = configEnv();
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', `c${i}`], { env, input: `${sb.keys.owner}\n` })));
    expect(runs.map((r) => r.exitCode)).toEqual(Array(8).fill(0));
    const config = JSON.parse(readFileSync(`${dir.path}/formctl/config.json`, 'utf8'));
    expect(Object.keys(config.profiles).sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(existsSync(`${dir.path}/formctl/config.json.lock`)).toBe(false);
  });

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
