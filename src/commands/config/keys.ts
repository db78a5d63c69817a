import { UsageError } from '../../errors.js';
import { checkBaseUrl } from '../../config/resolve.js';
import type { ConfigFile } from '../../config/store.js';
import { isPlan, PLANS } from '../../domain/plans.js';
import { FORMATS } from '../../output/format.js';

export const SETTING_KEYS = ['output', 'timeout', 'retries', 'sandbox-port', 'base-url', 'plan'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export function requireKey(key: string): SettingKey {
  if (key === 'api-key' || key === 'key') throw new UsageError('the API key is not a setting: use `formctl auth login` (it never takes the key as an argument)');
  if (!(SETTING_KEYS as readonly string[]).includes(key)) throw new UsageError(`unknown setting "${key}"; settings: ${SETTING_KEYS.join(', ')}`);
  return key as SettingKey;
}

/** The value as stored, checked like the flag it stands for. */
export function parseSetting(key: SettingKey, value: string): string | number {
  switch (key) {
    case 'output':
      if (!(FORMATS as readonly string[]).includes(value)) throw new UsageError(`output: expected one of ${FORMATS.join(', ')}`);
      return value;
    case 'timeout': {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new UsageError('timeout: expected seconds, from 0.1 to 3600');
      return n;
    }
    case 'retries':
      if (!/^\d+$/.test(value) || Number(value) > 10) throw new UsageError('retries: expected an integer from 0 to 10');
      return Number(value);
    case 'sandbox-port':
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) throw new UsageError('sandbox-port: expected a port from 1 to 65535');
      return Number(value);
    case 'base-url': {
      const c = checkBaseUrl(value);
      if (!c.ok) throw new UsageError(`base-url: ${c.message}`);
      return c.url;
    }
    case 'plan':
      if (!isPlan(value)) throw new UsageError(`plan: expected one of ${PLANS.join(', ')}`);
      return value;
  }
}

export function profileName(config: ConfigFile, flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? env.FORMCTL_PROFILE ?? config.currentProfile ?? 'default';
}

export function readSetting(config: ConfigFile, key: SettingKey, profile: string): string | number | undefined {
  switch (key) {
    case 'output':
    case 'timeout':
    case 'retries':
      return config.settings[key];
    case 'sandbox-port':
      return config.settings.sandboxPort;
    case 'base-url':
      return config.profiles[profile]?.baseUrl;
    case 'plan':
      return config.profiles[profile]?.plan;
  }
}

export function writeSetting(config: ConfigFile, key: SettingKey, profile: string, value: string | number | undefined): void {
  switch (key) {
    case 'output':
      config.settings.output = value as string | undefined;
      return;
    case 'timeout':
    case 'retries':
      config.settings[key] = value as number | undefined;
      return;
    case 'sandbox-port':
      config.settings.sandboxPort = value as number | undefined;
      return;
    case 'base-url':
      config.profiles[profile] = { ...config.profiles[profile], baseUrl: value as string | undefined };
      return;
    case 'plan':
      config.profiles[profile] = { ...config.profiles[profile], plan: value as string | undefined };
      return;
  }
}
