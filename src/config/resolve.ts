import { isLoopbackHost } from '../domain/urls.js';
import type { ConfigFile, Profile } from './store.js';

export interface TargetFlags {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
}

/** Where a command's key comes from, in the order they are tried (see resolveTarget). */
export type KeySource = 'env FORMCTL_API_KEY' | 'system keyring' | 'config file' | 'sandbox';

export interface Target {
  profileName: string;
  profile: Profile | undefined;
  /** undefined with sandbox: the embedded sandbox picks its own loopback URL */
  baseUrl: string | undefined;
  sandbox: boolean;
  /** the key when it is known without asking the keyring (env, config file); see config/keys.ts */
  apiKey: string | undefined;
  keySource: KeySource | undefined;
  /** the keyring account holding the key, when keySource is 'system keyring' (read on first use) */
  keyAccount?: string;
  plan: string | undefined;
}

export const SANDBOX_PROFILE = 'sandbox';

/**
 * Which profile, URL and key a command uses, and where the key comes from: FORMCTL_API_KEY, then the
 * system keyring (the profile says so; the key itself is read only when a command needs it), then
 * the config file.
 */
export function resolveTarget(config: ConfigFile, flags: TargetFlags, env: NodeJS.ProcessEnv): Target {
  const profileName = flags.profile ?? env.FORMCTL_PROFILE ?? config.currentProfile ?? 'default';
  const profile = config.profiles[profileName];
  const explicitUrl = flags.baseUrl ?? env.FORMCTL_BASE_URL;
  const sandbox = flags.sandbox === true || (explicitUrl === undefined && profile?.sandbox === true);
  const baseUrl = sandbox ? undefined : (explicitUrl ?? profile?.baseUrl);
  let apiKey: string | undefined;
  let keySource: KeySource | undefined;
  // an explicit --sandbox beats the environment: its key belongs to the service, not to the sandbox
  if (flags.sandbox === true) {
    keySource = 'sandbox';
  } else if (env.FORMCTL_API_KEY?.trim()) {
    // a CI secret often ends with a line break: the key is what is around it, as auth login --with-key reads it
    apiKey = env.FORMCTL_API_KEY.trim();
    keySource = 'env FORMCTL_API_KEY';
  } else if (sandbox) {
    keySource = 'sandbox';
  } else if (profile?.keyStore === 'keyring') {
    keySource = 'system keyring';
    return { profileName, profile, baseUrl, sandbox, apiKey, keySource, keyAccount: profileKeyAccount(profileName, profile), plan: profile.plan };
  } else if (profile?.apiKey) {
    apiKey = profile.apiKey;
    keySource = 'config file';
  }
  return { profileName, profile, baseUrl, sandbox, apiKey, keySource, plan: profile?.plan };
}

/** The keyring account of a profile whose key is in the keyring (else undefined). */
export function profileKeyAccount(profileName: string, profile: Profile | undefined): string | undefined {
  return profile?.keyStore === 'keyring' ? (profile.keyAccount ?? keyringAccount(profileName, profile.baseUrl)) : undefined;
}

/** The keyring account of a profile's key: `<profile>@<base URL host>`, as gh names its entries. */
export function keyringAccount(profileName: string, baseUrl: string | undefined): string {
  let host = '';
  try {
    host = baseUrl ? new URL(baseUrl).host : '';
  } catch { /* a damaged URL still names an account */ }
  return `${profileName}@${host}`;
}

/** spec §5: transport is HTTPS only; plain http is accepted for loopback hosts (the local sandbox). */
export function checkBaseUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `base URL "${withoutUserInfo(raw)}" is not a valid URL (expected e.g. https://api.example.com/v1)` };
  }
  // the API key is the one credential (a Bearer header); a password in the address would be sent and shown
  if (url.username || url.password) return { ok: false, message: `base URL ${withoutUserInfo(raw)} holds a user name or password before its host: give the address alone (the API key is the credential: formctl auth login)` };
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure) return { ok: false, message: `base URL must use https (plain http only for loopback addresses), got ${url.protocol}//${url.host}` };
  // spec §9: the version is part of the base address, which ends in /v1
  const trimmed = raw.replace(/\/+$/, '');
  if (!/\/v1$/.test(new URL(trimmed).pathname)) {
    return { ok: false, message: `base URL must end in /v1 (spec §9: the version is part of the address), got ${trimmed}; did you mean ${trimmed}/v1?` };
  }
  return { ok: true, url: trimmed };
}

/** A URL as it may be shown: any user name and password before its host cut out (`https://***@host/…`). */
export function withoutUserInfo(raw: string): string {
  // to the last @: a password may hold / ? or # (then the URL does not parse, and is shown as typed)
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[\s\S]*@/i, '$1***@');
}

/**
 * A key or secret as `fk_…9f3a` / `whsec_…9f3a`: its type prefix (up to the first `_`) and the last four
 * characters, enough to tell two apart and never enough to use one.
 */
export function maskSecret(value: string): string {
  if (!value) return '';
  if (value.length <= 8) return `…${value.slice(-2)}`;
  const underscore = value.indexOf('_');
  const prefix = underscore > 0 && underscore < 8 ? value.slice(0, underscore + 1) : value.slice(0, 3);
  return `${prefix}…${value.slice(-4)}`;
}

/** A profile named by --profile or FORMCTL_PROFILE must exist (a typo must not fall back to another key); --sandbox and --base-url are not given together. */
export function profileProblem(config: ConfigFile, flags: TargetFlags, env: NodeJS.ProcessEnv): string | undefined {
  // two flags naming two services: a contradiction, not an order of precedence (the environment's
  // FORMCTL_BASE_URL is another matter: --sandbox beats it, docs/sandbox.md)
  if (flags.sandbox === true && flags.baseUrl !== undefined) return `--sandbox runs against the embedded sandbox and --base-url ${withoutUserInfo(flags.baseUrl)} names a service: give one of them`;
  const named = flags.profile ?? env.FORMCTL_PROFILE;
  if (named === undefined) return undefined;
  const where = flags.profile !== undefined ? '--profile' : 'FORMCTL_PROFILE';
  if (named.trim() === '') return `${where}: expected a profile name, got an empty one`;
  if (config.profiles[named]) return undefined;
  const known = Object.keys(config.profiles);
  return `${where}: no profile "${named}"; ${known.length ? `the profiles are ${known.map((k) => `"${k}"`).join(', ')}` : 'there are no profiles yet'} (formctl auth login --profile ${named} makes it)`;
}
