import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The system's credential store, as gh uses it: the Secret Service (GNOME Keyring, KWallet) on
// Linux, the Keychain on macOS, the Credential Manager on Windows, through @napi-rs/keyring. The
// only module that loads it, and only when a key is read from or written to the keyring: it is a
// native module, and a command run with FORMCTL_API_KEY (or --sandbox) must not pay for it.
// Every answer says whether the store answered; a store that does not (no D-Bus session, a locked
// or absent Secret Service) is a reason in words, never an exception and never a key.

export const KEYRING_SERVICE = 'formctl';

export type KeyringAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };

interface NativeEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deleteCredential(): boolean;
}
type EntryClass = new (service: string, account: string, options?: { linux?: { store?: 'secret-service' | 'keyutils' } }) => NativeEntry;

/**
 * Why the keyring cannot answer, told without loading it: on Linux the Secret Service is reached
 * over the D-Bus session bus, and without an address (a CI job, a container, ssh without a session)
 * there is none to ask.
 */
export function keyringUnreachable(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform !== 'linux' && platform !== 'freebsd') return undefined;
  if (env.DBUS_SESSION_BUS_ADDRESS) return undefined;
  if (env.XDG_RUNTIME_DIR && existsSync(join(env.XDG_RUNTIME_DIR, 'bus'))) return undefined; // libdbus finds the bus there
  return 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)';
}

/** The store's error in one line, without the library's layers ("Platform failure: DBus error: …"). */
export function keyringReason(e: unknown): string {
  const message = (e as Error)?.message ?? String(e);
  const line = message.split('\n')[0]!.replace(/^(Platform failure|Couldn't access platform storage|DBus error):\s*/gi, '').replace(/^(DBus error|Secret Service):\s*/i, '');
  if (/autolaunch|DBUS_SESSION_BUS_ADDRESS/i.test(line)) return 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)';
  if (/org\.freedesktop\.secrets/.test(line) && /not provided|ServiceUnknown|no owner/i.test(line)) return 'no Secret Service on the D-Bus session (nothing provides org.freedesktop.secrets)';
  if (/no result found/i.test(line)) return 'the Secret Service has no keyring to store in';
  if (/prompt was dismissed|locked/i.test(line)) return 'the keyring is locked and could not be unlocked';
  return line;
}

async function entryFor(account: string, env: NodeJS.ProcessEnv): Promise<KeyringAnswer<NativeEntry>> {
  const unreachable = keyringUnreachable(env);
  if (unreachable) return { ok: false, reason: unreachable };
  let Entry: EntryClass;
  try {
    ({ Entry } = (await import('@napi-rs/keyring')) as unknown as { Entry: EntryClass });
  } catch (e) {
    return { ok: false, reason: `the keyring module does not load on this system (${keyringReason(e)})` };
  }
  try {
    // on Linux: the Secret Service only, never the kernel's keyutils, which @napi-rs/keyring falls back
    // to by default and which forgets everything at logout
    return { ok: true, value: new Entry(KEYRING_SERVICE, account, { linux: { store: 'secret-service' } }) };
  } catch (e) {
    return { ok: false, reason: keyringReason(e) };
  }
}

async function withEntry<T>(account: string, env: NodeJS.ProcessEnv, use: (entry: NativeEntry) => T): Promise<KeyringAnswer<T>> {
  const entry = await entryFor(account, env);
  if (!entry.ok) return entry;
  try {
    return { ok: true, value: use(entry.value) };
  } catch (e) {
    return { ok: false, reason: keyringReason(e) };
  }
}

/** The key stored for `account`; null when the keyring answers that it has none. */
export function keyringRead(account: string, env: NodeJS.ProcessEnv): Promise<KeyringAnswer<string | null>> {
  return withEntry(account, env, (e) => e.getPassword());
}

/** Stores the key, then reads it back: a store that takes a key and cannot return it is no store. */
export async function keyringWrite(account: string, key: string, env: NodeJS.ProcessEnv): Promise<KeyringAnswer<true>> {
  const written = await withEntry(account, env, (e) => {
    e.setPassword(key);
    return e.getPassword() === key;
  });
  if (!written.ok) return written;
  return written.value ? { ok: true, value: true } : { ok: false, reason: 'the keyring did not return the key it was given' };
}

/** Deletes the key of `account`; true when there was one. */
export function keyringDelete(account: string, env: NodeJS.ProcessEnv): Promise<KeyringAnswer<boolean>> {
  return withEntry(account, env, (e) => e.deleteCredential());
}
