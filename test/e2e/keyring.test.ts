import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { configEnv } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';
import { startSecretService, type SecretService } from '../helpers/secretService.js';

// The real binary against a real Secret Service (gnome-keyring on a D-Bus session bus of the test's
// own: the user's keyring is never reached), looked into with secret-tool.

let sb: SandboxHandle;
let ss: SecretService;
let host: string;
beforeAll(async () => {
  [sb, ss] = await Promise.all([startSandbox(), startSecretService()]);
  host = new URL(sb.baseUrl).host;
});
afterAll(async () => {
  await Promise.all([sb?.stop(), ss?.stop()]);
});

/** Every file under `dir` whose bytes contain `secret` (relative paths). */
function filesHolding(dir: string, secret: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile() && readFileSync(join(dir, f)).includes(secret));
}

function profileIn(env: { FORMCTL_CONFIG_DIR: string }, name: string): Record<string, unknown> | undefined {
  return JSON.parse(readFileSync(join(env.FORMCTL_CONFIG_DIR, 'config.json'), 'utf8')).profiles[name];
}

describe('the key in the system keyring (Secret Service)', () => {
  it('login puts the key in the keyring and nowhere under the config dir; a command authenticates; logout deletes it', async () => {
    const { dir, env } = configEnv();
    const withBus = { ...env, ...ss.env };
    const key = sb.keys.owner;
    const login = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl], { env: withBus, input: `${key}\n` });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toContain(`(key fk_…${key.slice(-4)}, in the system keyring); the key works`);
    expect(await ss.lookup(`default@${host}`)).toBe(key);
    expect(filesHolding(env.FORMCTL_CONFIG_DIR, key)).toEqual([]);
    expect(profileIn(env, 'default')).toEqual({ baseUrl: sb.baseUrl, keyStore: 'keyring', keyAccount: `default@${host}` });

    const before = await sb.requestCount();
    const list = await runCli(['forms', 'list', '-o', 'json'], { env: withBus });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toBeInstanceOf(Array);
    expect(await sb.requestCount()).toBe(before + 1);

    const status = await runCli(['auth', 'status', '--json'], { env: withBus });
    expect(JSON.parse(status.stdout)).toMatchObject({ key: `fk_…${key.slice(-4)} (system keyring)`, keySource: 'system keyring' });
    const doctor = await runCli(['doctor', '--offline'], { env: withBus });
    expect(doctor.stdout).toMatch(new RegExp(`ok +API key +fk_…${key.slice(-4)} \\(system keyring\\)`));
    for (const r of [login, list, status, doctor]) expect(r.stdout + r.stderr).not.toContain(key);
    expect(filesHolding(env.FORMCTL_CONFIG_DIR, key)).toEqual([]);

    const logout = await runCli(['auth', 'logout'], { env: withBus });
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(logout.stderr).toContain('deleted from the system keyring');
    expect(await ss.lookup(`default@${host}`)).toBeUndefined();
    expect(await ss.accounts()).toEqual([]);
    dir.remove();
  });

  it('FORMCTL_API_KEY comes first: the keyring is not asked', async () => {
    const { dir, env } = configEnv();
    expect((await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'env-first'], { env: { ...env, ...ss.env }, input: sb.keys.viewer })).exitCode).toBe(0);
    // no bus at all: the key from the environment still works, and status says where it came from
    const status = await runCli(['auth', 'status', '--json', '--check'], { env: { ...env, FORMCTL_API_KEY: sb.keys.owner } });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ key: `fk_…${sb.keys.owner.slice(-4)} (env FORMCTL_API_KEY)`, keySource: 'env FORMCTL_API_KEY' });
    expect((await runCli(['auth', 'logout'], { env: { ...env, ...ss.env } })).exitCode).toBe(0);
    dir.remove();
  });

  it('--insecure-storage keeps the key in the 0600 file; auth migrate moves it into the keyring and out of every file', async () => {
    const { dir, env } = configEnv();
    const withBus = { ...env, ...ss.env };
    const key = sb.keys.editor;
    const login = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'old', '--insecure-storage'], { env: withBus, input: key });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(filesHolding(env.FORMCTL_CONFIG_DIR, key)).toEqual(['config.json']);
    expect(statSync(join(env.FORMCTL_CONFIG_DIR, 'config.json')).mode & 0o777).toBe(0o600);
    expect(await ss.accounts()).toEqual([]);
    expect((await runCli(['auth', 'status', '--json'], { env: withBus })).stdout).toContain('"keySource": "config file"');

    const migrate = await runCli(['auth', 'migrate'], { env: withBus });
    expect(migrate.exitCode, migrate.stderr).toBe(0);
    expect(migrate.stderr).toContain(`Moved the key of profile "old" (fk_…${key.slice(-4)}) into the system keyring`);
    expect(migrate.stdout + migrate.stderr).not.toContain(key);
    expect(await ss.lookup(`old@${host}`)).toBe(key);
    expect(filesHolding(env.FORMCTL_CONFIG_DIR, key)).toEqual([]);
    const list = await runCli(['forms', 'list', '-o', 'json'], { env: withBus });
    expect(list.exitCode, list.stderr).toBe(0);
    expect((await runCli(['auth', 'migrate'], { env: withBus })).stderr).toContain('No key to move');
    expect((await runCli(['auth', 'logout'], { env: withBus })).exitCode).toBe(0);
    expect(await ss.accounts()).toEqual([]);
    dir.remove();
  });
});

describe('where no keyring answers', () => {
  it('no D-Bus session: login says so in one line and falls back to the 0600 file; --keyring=require fails with exit 1 and saves nothing', async () => {
    const { dir, env } = configEnv();
    const noBus = { ...env, DBUS_SESSION_BUS_ADDRESS: undefined };
    const login = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl], { env: noBus, input: sb.keys.owner });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr.split('\n').filter((l) => /keyring/i.test(l))).toEqual([
      'No system keyring: no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set). The key goes into the config file (mode 600) instead; --keyring=require refuses that.',
    ]);
    expect(profileIn(env, 'default')).toMatchObject({ apiKey: sb.keys.owner });
    expect(statSync(join(env.FORMCTL_CONFIG_DIR, 'config.json')).mode & 0o777).toBe(0o600);
    expect((await runCli(['forms', 'list', '-o', 'json'], { env: noBus })).exitCode).toBe(0);

    const required = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'strict', '--keyring=require'], { env: noBus, input: sb.keys.viewer });
    expect(required.exitCode).toBe(1);
    expect(required.stderr).toMatch(/no system keyring: no D-Bus session .*nothing was saved \(--keyring=require\)/);
    expect(profileIn(env, 'strict')).toBeUndefined();
    expect(filesHolding(env.FORMCTL_CONFIG_DIR, sb.keys.viewer)).toEqual([]);
    // nor can a file key be migrated: it stays where it is, exit 1
    const migrate = await runCli(['auth', 'migrate'], { env: noBus });
    expect([migrate.exitCode, migrate.stderr]).toEqual([1, expect.stringMatching(/the key of profile "default" stays in/)]);
    expect(profileIn(env, 'default')).toMatchObject({ apiKey: sb.keys.owner });
    dir.remove();
  });

  it('a bus without a Secret Service: the file, with the reason', async () => {
    const bare = await startSecretService({ keyring: false });
    const { dir, env } = configEnv();
    try {
      const login = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--no-check'], { env: { ...env, ...bare.env }, input: sb.keys.owner });
      expect(login.exitCode, login.stderr).toBe(0);
      expect(login.stderr).toMatch(/^No system keyring: .*org\.freedesktop\.secrets.*\. The key goes into the config file/m);
      expect(profileIn(env, 'default')).toMatchObject({ apiKey: sb.keys.owner });
    } finally {
      await bare.stop();
      dir.remove();
    }
  });

  it('a locked keyring: a command cannot read the key (exit 4, saying what to do); unlocked again, it can', async () => {
    const { dir, env } = configEnv();
    const withBus = { ...env, ...ss.env };
    expect((await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--no-check'], { env: withBus, input: sb.keys.owner })).exitCode).toBe(0);
    await ss.restartKeyring(false);
    try {
      const list = await runCli(['forms', 'list', '-o', 'json'], { env: withBus });
      expect(list.exitCode).toBe(4);
      expect(JSON.parse(list.stderr).message).toMatch(/cannot read the key of profile "default" from the system keyring .*: the keyring is locked.*unlock the keyring, set FORMCTL_API_KEY/);
      const login = await runCli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--no-check', '--profile', 'while-locked', '--keyring', 'require'], { env: withBus, input: sb.keys.viewer });
      expect([login.exitCode, login.stderr]).toEqual([1, expect.stringContaining('no system keyring: the keyring is locked')]);
    } finally {
      await ss.restartKeyring(true);
    }
    expect((await runCli(['forms', 'list', '-o', 'json'], { env: withBus })).exitCode).toBe(0);
    expect((await runCli(['auth', 'logout'], { env: withBus })).exitCode).toBe(0);
    dir.remove();
  });
});
