import { execa, type ResultPromise } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, waitFor } from './cli.js';

// A real Secret Service for the keyring tests, apart from the user's: a D-Bus session bus of its
// own (dbus-daemon, with no service activation, so that nothing starts behind the test's back) and
// Debian's gnome-keyring-daemon on it, its keyrings in a temporary HOME. The test password unlocks
// (and on first start creates) the login keyring; started without it, the keyring stays locked.
// secret-tool (libsecret-tools) looks inside.

export const KEYRING_PASSWORD = 'test-password';

export interface SecretService {
  /** the environment that reaches this bus (and nothing of the user's session) */
  env: Record<string, string>;
  /** the secret stored for service formctl and `account`, or undefined */
  lookup(account: string): Promise<string | undefined>;
  /** every formctl entry's attributes (secret-tool search), secrets left out */
  accounts(): Promise<string[]>;
  /** stops gnome-keyring and starts it again on the same keyrings: locked, or unlocked with the password */
  restartKeyring(unlock: boolean): Promise<void>;
  stop(): Promise<void>;
}

const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=@SOCKET@</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

/** Starts a bus; with `keyring` (the default), a Secret Service on it, unlocked with the test password. */
export async function startSecretService(opts: { keyring: boolean } = { keyring: true }): Promise<SecretService> {
  const dir = tempDir('formctl-keyring-');
  const home = join(dir.path, 'home');
  const run = join(dir.path, 'run');
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(run, { mode: 0o700 });
  const socket = join(run, 'bus');
  writeFileSync(join(dir.path, 'bus.conf'), BUS_CONFIG.replace('@SOCKET@', socket));
  const env: Record<string, string> = {
    PATH: process.env.PATH!,
    HOME: home,
    XDG_RUNTIME_DIR: run,
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_CONFIG_HOME: join(home, '.config'),
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}`,
  };
  const bus = execa('dbus-daemon', ['--config-file', join(dir.path, 'bus.conf'), '--nofork', '--print-address=1'], { env, extendEnv: false, reject: false, buffer: false, stdio: ['ignore', 'pipe', 'ignore'] });
  let printed = '';
  bus.stdout!.on('data', (c: Buffer) => void (printed += c.toString()));
  await waitFor(() => printed.includes('\n'), 'the test D-Bus daemon to listen');

  const owned = async (name: string) => (await execa('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/', 'org.freedesktop.DBus.NameHasOwner', `string:${name}`], { env, extendEnv: false, reject: false })).stdout.includes('boolean true');
  let keyring: ResultPromise | undefined;
  async function startKeyring(unlock: boolean): Promise<void> {
    // --unlock reads the password from stdin; without it the login keyring stays locked
    keyring = execa('gnome-keyring-daemon', ['--foreground', '--components=secrets', ...(unlock ? ['--unlock'] : [])], { env, extendEnv: false, reject: false, input: unlock ? KEYRING_PASSWORD : '', stdout: 'ignore', stderr: 'ignore' });
    await waitFor(() => owned('org.freedesktop.secrets'), 'gnome-keyring to own org.freedesktop.secrets on the test bus');
  }
  async function stopKeyring(): Promise<void> {
    if (!keyring) return;
    keyring.kill('SIGTERM');
    await keyring;
    keyring = undefined;
    await waitFor(async () => !(await owned('org.freedesktop.secrets')), 'gnome-keyring to leave the test bus');
  }
  if (opts.keyring) await startKeyring(true);

  const secretTool = (args: string[]) => execa('secret-tool', args, { env, extendEnv: false, reject: false });
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: env.DBUS_SESSION_BUS_ADDRESS! },
    async lookup(account) {
      const r = await secretTool(['lookup', 'service', 'formctl', 'username', account]);
      return r.exitCode === 0 ? r.stdout : undefined;
    },
    async accounts() {
      const r = await secretTool(['search', '--all', 'service', 'formctl']);
      return [...`${r.stdout}\n${r.stderr}`.matchAll(/^attribute\.username = (.*)$/gm)].map((m) => m[1]!);
    },
    async restartKeyring(unlock) {
      await stopKeyring();
      await startKeyring(unlock);
    },
    async stop() {
      await stopKeyring();
      bus.kill('SIGTERM');
      await bus;
      dir.remove();
    },
  };
}
