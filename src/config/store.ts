import { chmodSync, lstatSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ConfigFileError, UsageError } from '../errors.js';
import { writeFileAtomic } from '../io/atomicFile.js';

export type { ConfigFile, Profile, Settings } from './types.js';
import type { ConfigFile } from './types.js';

export const CONFIG_FILE_NAME = 'config.json';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FORMCTL_CONFIG_DIR) return env.FORMCTL_CONFIG_DIR;
  // XDG: a relative XDG_CONFIG_HOME is ignored. node:os only when needed: FORMCTL_CONFIG_DIR and
  // XDG_CONFIG_HOME spare every command its load
  if (env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)) return join(env.XDG_CONFIG_HOME, 'formctl');
  return join(homeDir(env), '.config', 'formctl');
}

/**
 * The user's home directory, absolute: an empty or relative HOME (`env -i HOME=`) would put the
 * profile file and the sandbox's keys under whatever directory the command ran in.
 */
function homeDir(env: NodeJS.ProcessEnv): string {
  // the command's HOME (what os.homedir() answers on POSIX when it is the process's), without loading
  // node:os (every command's start-up); Windows' home is USERPROFILE's, which node:os reads
  const fromEnv = env.HOME;
  if (process.platform !== 'win32' && fromEnv && isAbsolute(fromEnv)) return fromEnv;
  const os = require('node:os') as typeof import('node:os');
  const home = os.homedir();
  if (isAbsolute(home)) return home;
  try {
    const fromPasswd = os.userInfo().homedir;
    if (isAbsolute(fromPasswd)) return fromPasswd;
  } catch { /* no passwd entry */ }
  throw new UsageError('no home directory (HOME is empty or relative): set HOME, or FORMCTL_CONFIG_DIR to the directory for formctl\'s settings');
}

/** The embedded sandbox's data directory: FORMCTL_SANDBOX_DIR, else beside the profile file. */
export function sandboxDataDir(env: NodeJS.ProcessEnv): string {
  return env.FORMCTL_SANDBOX_DIR || join(configDir(env), 'sandbox');
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}

/**
 * Reads the profile file with a plain JSON parse: every command reads it, so the hot path avoids
 * loading zod. Writes are atomic (src/io/atomicFile.ts), mode 0600.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ConfigFile {
  let raw: string;
  try {
    raw = readFileSync(configPath(env), 'utf8');
  } catch {
    return { profiles: {}, settings: {} };
  }
  try {
    const parsed = JSON.parse(raw) as Partial<ConfigFile>;
    return { currentProfile: parsed.currentProfile, profiles: parsed.profiles ?? {}, settings: parsed.settings ?? {} };
  } catch (e) {
    throw new Error(`config file ${configPath(env)} is not valid JSON (${(e as Error).message}); fix or remove it`);
  }
}

/** The file remembering which version of the profile file was last found sound (mtime and size). */
function checkedMarker(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), '.config.checked');
}

function fingerprint(path: string): { print: string; mode: number } | undefined {
  try {
    const st = statSync(path);
    return { print: `${st.mtimeMs}:${st.size}`, mode: st.mode & 0o777 };
  } catch {
    return undefined;
  }
}

/** What to say of a profile file other users can read, when it holds a key (read only then: the usual run pays the stat alone). */
function exposedKey(path: string, mode: number): string | undefined {
  // Windows reports every file as 0666: its permissions are ACLs, which a mode does not tell
  if (!(mode & 0o077) || process.platform === 'win32') return undefined;
  try {
    if (!/"apiKey"\s*:\s*"[^"]/.test(readFileSync(path, 'utf8'))) return undefined;
  } catch {
    return undefined;
  }
  return `${path} holds an API key and other users can read it (mode ${mode.toString(8)}): chmod 600 ${path}, or move the key into the system keyring with formctl auth migrate`;
}

/**
 * Checks the profile file against its schema (zod) when it changed since the last check — edited
 * by hand, or written by another version — so that the usual run pays one stat, not zod's load.
 * Resolves with a warning when other users can read a key in it.
 */
export async function verifyConfig(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const path = configPath(env);
  const found = fingerprint(path);
  if (found === undefined) return undefined; // no file: nothing to check
  const warning = exposedKey(path, found.mode);
  const { print } = found;
  let marker: string | undefined;
  try {
    marker = readFileSync(checkedMarker(env), 'utf8');
  } catch { /* never checked */ }
  if (marker === print) return warning;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigFileError(`config file ${path} is not valid JSON (${(e as Error).message}); fix or remove it`);
  }
  const { checkConfig } = await import('./schema.js');
  const r = checkConfig(parsed);
  if (!r.ok) throw new ConfigFileError(`config file ${path} is damaged: ${r.problem}; fix it with \`formctl config\` or by hand, or remove it and log in again`);
  rememberChecked(env, print);
  return warning;
}

function rememberChecked(env: NodeJS.ProcessEnv, print: string): void {
  try {
    writeFileSync(checkedMarker(env), print, { mode: 0o600 });
  } catch { /* a read-only config dir: the check just runs again next time */ }
}

/**
 * Applies `change` to the config and saves it atomically with mode 0600 in a 0700 directory. The
 * read, the change and the write happen under the config lock, so parallel runs never lose each
 * other's changes.
 */
export async function updateConfig(change: (config: ConfigFile) => void, env: NodeJS.ProcessEnv = process.env): Promise<ConfigFile> {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { withFileLock } = await import('./lock.js');
  return withFileLock(join(dir, `${CONFIG_FILE_NAME}.lock`), () => writeChanged(dir, change, env));
}

/**
 * The profile file a dotfile manager keeps as a symlink is written through it, as conf wrote it: its
 * target gets the new text and the link stays (a dangling link, or no file yet: written as the path).
 */
function linkTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path;
  }
}

async function writeChanged(dir: string, change: (config: ConfigFile) => void, env: NodeJS.ProcessEnv): Promise<ConfigFile> {
  const next = readConfig(env);
  change(next);
  const { checkConfig } = await import('./schema.js');
  const r = checkConfig(JSON.parse(JSON.stringify(next)));
  if (!r.ok) throw new ConfigFileError(`refusing to write a damaged config file: ${r.problem}`);
  // written as conf wrote it (tab-indented JSON, created 0600), by the atomic writer every other
  // file uses: conf, with the ajv and semver it loads, cost a write ~85 ms of start-up
  const path = join(dir, CONFIG_FILE_NAME);
  writeFileAtomic(linkTarget(path), JSON.stringify(next, undefined, '\t'), 0o600);
  const written = fingerprint(path);
  if (written) rememberChecked(env, written.print);
  return next;
}
