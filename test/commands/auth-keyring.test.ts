import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configEnv } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/commandSandbox.js';
import { runInProcess } from '../helpers/inProcessCli.js';

// The keyring paths of auth, in process, over a keyring kept in memory: the native module is
// replaced, so these tests never reach a real store (test/e2e/keyring.test.ts runs a real one).
const fake = vi.hoisted(() => ({
  entries: new Map<string, string>(),
  /** an error every operation throws (a keyring that does not answer) */
  failAll: undefined as string | undefined,
  /** accounts whose writes fail */
  failWrites: new Set<string>(),
}));
vi.mock('@napi-rs/keyring', () => ({
  Entry: class {
    private readonly id: string;
    constructor(service: string, account: string) {
      if (fake.failAll) throw new Error(fake.failAll);
      this.id = `${service}/${account}`;
    }
    getPassword() {
      return fake.entries.get(this.id) ?? null;
    }
    setPassword(p: string) {
      if (fake.failWrites.has(this.id.split('/')[1]!)) throw new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed");
      fake.entries.set(this.id, p);
    }
    deleteCredential() {
      return fake.entries.delete(this.id);
    }
  },
}));

let sb: SandboxHandle;
let host: string;
beforeAll(async () => {
  sb = await startSandbox();
  host = new URL(sb.baseUrl).host;
});
afterAll(() => sb.stop());
beforeEach(() => {
  fake.entries.clear();
  fake.failAll = undefined;
  fake.failWrites.clear();
});

/** A config dir, and a D-Bus address so that the keyring is asked on Linux (the fake answers). */
function keyringEnv() {
  const { dir, env } = configEnv();
  return { dir, env: { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/test-bus' } };
}
const configText = (env: { FORMCTL_CONFIG_DIR: string }) => readFileSync(`${env.FORMCTL_CONFIG_DIR}/config.json`, 'utf8');
const login = (env: Record<string, string>, key: string, ...flags: string[]) => runInProcess(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--no-check', ...flags], { env, input: key });

describe('auth login on a terminal offers to move the keys still in the file', () => {
  it('moves them on yes: each leaves the file, and commands still authenticate', async () => {
    const { dir, env } = keyringEnv();
    expect((await login(env, sb.keys.editor, '--profile', 'old', '--insecure-storage')).exitCode).toBe(0);
    const r = await runInProcess(['auth', 'login', '--base-url', sb.baseUrl, '--profile', 'new'], {
      env,
      tty: true,
      script: [
        { ask: /^API key:$/, answer: sb.keys.owner },
        { ask: /^Profile "old" keeps its key in the config file in clear text\. Move it into the system keyring\?$/, answer: true },
      ],
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Moved the key of profile "old"');
    expect(fake.entries.get(`formctl/old@${host}`)).toBe(sb.keys.editor);
    expect(fake.entries.get(`formctl/new@${host}`)).toBe(sb.keys.owner);
    expect(configText(env)).not.toContain(sb.keys.editor);
    expect(configText(env)).not.toContain(sb.keys.owner);
    const list = await runInProcess(['forms', 'list', '-o', 'json', '--profile', 'old'], { env });
    expect(list.exitCode, list.stderr).toBe(0);
    dir.remove();
  });

  it('leaves them on no, and never asks without a terminal', async () => {
    const { dir, env } = keyringEnv();
    await login(env, sb.keys.editor, '--profile', 'old', '--insecure-storage');
    const no = await runInProcess(['auth', 'login', '--base-url', sb.baseUrl, '--profile', 'new', '--no-check'], { env, tty: true, script: [{ ask: /^API key:$/, answer: sb.keys.owner }, { ask: /Move it into the system keyring\?$/, answer: false }] });
    expect(no.exitCode, no.stderr).toBe(0);
    expect(configText(env)).toContain(sb.keys.editor);
    const piped = await login(env, sb.keys.viewer, '--profile', 'piped');
    expect(piped.exitCode).toBe(0);
    expect(configText(env)).toContain(sb.keys.editor);
    dir.remove();
  });
});

describe('a key that moves or goes', () => {
  it('a new login of a profile deletes the key it had in the keyring under another account, or when the key goes to the file', async () => {
    const { dir, env } = keyringEnv();
    await login(env, sb.keys.owner);
    expect([...fake.entries.keys()]).toEqual([`formctl/default@${host}`]);
    const other = sb.baseUrl.replace('127.0.0.1', 'localhost');
    expect((await runInProcess(['auth', 'login', '--with-key', '--base-url', other, '--no-check'], { env, input: sb.keys.owner })).exitCode).toBe(0);
    expect([...fake.entries.keys()]).toEqual([`formctl/default@${new URL(other).host}`]);
    expect((await login(env, sb.keys.owner, '--insecure-storage')).exitCode).toBe(0);
    expect(fake.entries.size).toBe(0);
    expect(JSON.parse(configText(env)).profiles.default).toEqual({ baseUrl: sb.baseUrl, apiKey: sb.keys.owner });
    dir.remove();
  });

  it('logout when the keyring does not answer: the profile goes, a warning names the entry left behind', async () => {
    const { dir, env } = keyringEnv();
    await login(env, sb.keys.owner);
    fake.failAll = "Couldn't access platform storage: Secret Service: unlock prompt was dismissed";
    const r = await runInProcess(['auth', 'logout'], { env });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(`warning: the key stays in the system keyring (service formctl, account default@${host}): the keyring is locked and could not be unlocked`);
    expect(JSON.parse(configText(env)).profiles).toEqual({});
    dir.remove();
  });

  it('a key deleted from the keyring behind formctl: status says so, a command fails with exit 4 naming the fix', async () => {
    const { dir, env } = keyringEnv();
    await login(env, sb.keys.owner);
    fake.entries.clear();
    const status = await runInProcess(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ key: '(none)', keySource: 'system keyring' });
    expect(status.stderr).toMatch(/no key for profile "default" in the system keyring .*formctl auth login --profile default/);
    const list = await runInProcess(['forms', 'list'], { env });
    expect([list.exitCode, list.stderr]).toEqual([4, expect.stringContaining('no key for profile "default" in the system keyring')]);
    dir.remove();
  });
});

describe('auth migrate', () => {
  it('a keyring that fails midway: what moved leaves the file, the rest stays there, exit 1', async () => {
    const { dir, env } = keyringEnv();
    await login(env, sb.keys.owner, '--profile', 'a', '--insecure-storage');
    await login(env, sb.keys.viewer, '--profile', 'b', '--insecure-storage');
    fake.failWrites.add(`b@${host}`);
    const r = await runInProcess(['auth', 'migrate'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/no system keyring: the keyring is locked .*; the key of profile "b" stays in .*config\.json \(moved before it stopped: "a"\)/);
    const profiles = JSON.parse(configText(env)).profiles;
    expect(profiles.a).toEqual({ baseUrl: sb.baseUrl, keyStore: 'keyring', keyAccount: `a@${host}` });
    expect(profiles.b).toMatchObject({ apiKey: sb.keys.viewer });
    expect(r.stdout + r.stderr).not.toContain(sb.keys.owner);
    dir.remove();
  });

  it('--profile moves one key; an unknown profile is exit 2', async () => {
    const { dir, env } = keyringEnv();
    await login(env, sb.keys.owner, '--profile', 'a', '--insecure-storage');
    await login(env, sb.keys.viewer, '--profile', 'b', '--insecure-storage');
    expect((await runInProcess(['auth', 'migrate', '--profile', 'b'], { env })).exitCode).toBe(0);
    expect(configText(env)).toContain(sb.keys.owner);
    expect(configText(env)).not.toContain(sb.keys.viewer);
    const typo = await runInProcess(['auth', 'migrate', '--profile', 'zzz'], { env });
    expect([typo.exitCode, typo.stderr]).toEqual([2, expect.stringContaining('--profile: no profile "zzz"')]);
    dir.remove();
  });

  it('--insecure-storage with --keyring=require is a contradiction (exit 2, before anything is read)', async () => {
    const { dir, env } = keyringEnv();
    const r = await login(env, sb.keys.owner, '--insecure-storage', '--keyring=require');
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining('--insecure-storage and --keyring=require contradict each other')]);
    dir.remove();
  });
});
