import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  /** the account's plan, when known: lets the CLI check plan-gated settings before sending */
  plan?: string;
  /** true: the embedded sandbox over the default data dir */
  sandbox?: boolean;
}

export interface Settings {
  output?: string;
  timeout?: number;
  retries?: number;
}

export interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, Profile>;
  settings: Settings;
}

export const CONFIG_FILE_NAME = 'config.json';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FORMCTL_CONFIG_DIR) return env.FORMCTL_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'formctl');
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}

/**
 * Reads the profile file with a plain JSON parse: every command reads it, so the hot path avoids
 * loading conf (~20 ms of start-up). Writes go through conf (atomic write, mode 0600).
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

/** Applies `change` to the config and saves it atomically with mode 0600 in a 0700 directory. */
export async function updateConfig(change: (config: ConfigFile) => void, env: NodeJS.ProcessEnv = process.env): Promise<ConfigFile> {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { default: Conf } = await import('conf');
  const conf = new Conf<ConfigFile>({ cwd: dir, configName: 'config', configFileMode: 0o600, projectName: 'formctl' });
  const next = readConfig(env);
  change(next);
  conf.store = JSON.parse(JSON.stringify(next)) as ConfigFile;
  chmodSync(conf.path, 0o600);
  return next;
}
