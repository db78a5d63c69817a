import { plural } from '../../output/plural.js';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Deps } from '../../cmdutil/factory.js';
import { proxyFor } from '../../api/proxy.js';
import { quotaUsage, sandboxQuotaUsage, type QuotaUsage } from '../../cmdutil/ledger.js';
import { findTargetKey, type KeyFound } from '../../config/keys.js';
import { checkBaseUrl, maskSecret, type Target } from '../../config/resolve.js';
import { DATABASE_FILE } from '../../domain/dataDir.js';
import { configDir, configPath, sandboxDataDir } from '../../config/store.js';
import { ApiError, ConnectionError, ExitWith, UsageError, isQuotaExhausted } from '../../errors.js';
import { paint } from '../../io/streams.js';
import { terminalText } from '../../output/terminalText.js';
import type { DataDirHealth } from '../../sandbox/entry.js';

type Level = 'ok' | 'warning' | 'problem';

interface Check {
  level: Level;
  check: string;
  detail: string;
  fix?: string;
}

const ENGINES = '20.19.0';

/** End of life of each Node.js line (the Node.js release schedule); a line past it gets no fixes. */
const NODE_EOL: Record<number, string> = { 20: '2026-04-30', 21: '2024-06-01', 22: '2027-04-30', 23: '2025-06-01', 24: '2028-04-30', 25: '2026-06-01', 26: '2029-04-30' };

/** doctor's Node.js line: supported or not, and whether the line is past its end of life. */
export function nodeCheck(version: string, now: Date): ['ok' | 'warning' | 'problem', string, string, string?] {
  if (!newer(version, ENGINES)) return ['problem', 'Node.js', `${version} is older than ${ENGINES}`, 'install Node.js 24 (LTS), or 20.19 or newer'];
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  const eol = NODE_EOL[major];
  if (eol && now.toISOString().slice(0, 10) > eol) return ['warning', 'Node.js', `${version}: Node ${major} reached its end of life on ${eol} (no more security fixes)`, 'install Node.js 24 (LTS)'];
  return ['ok', 'Node.js', `${version} (supported; Node ${major} is maintained${eol ? ` until ${eol}` : ''})`];
}

/** doctor's key line: the masked key and where it lives, or why there is none. */
function keyCheck(found: KeyFound, profileName: string): [Level, string, string, string?] {
  if (found.key) return ['ok', 'API key', `${maskSecret(found.key)} (${found.source}${found.source === 'config file' ? ', in clear text: formctl auth migrate moves it into the system keyring' : ''})`];
  if (found.problem) return ['problem', 'API key', found.problem, 'unlock the keyring, or formctl auth login --insecure-storage'];
  return ['problem', 'API key', `none for profile "${profileName}"`, 'formctl auth login, or set FORMCTL_API_KEY'];
}

function newer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.replace(/^v/, '').split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x![i] ?? 0) !== (y![i] ?? 0)) return (x![i] ?? 0) > (y![i] ?? 0);
  return true;
}

/** Adds one line to the report. */
type Add = (level: Level, check: string, detail: string, fix?: string) => void;

export async function run(deps: Deps, _a: unknown[], opts: { offline?: boolean }): Promise<void> {
  // a report, not records: lines by default (in a pipe too), JSON when asked for
  const format = deps.flags.output ?? (deps.flags.json ? 'json' : 'table');
  if (format !== 'json' && format !== 'table') throw new UsageError(`--output: doctor prints table or json, not "${format}"`);
  const checks: Check[] = [];
  const add: Add = (level, check, detail, fix) => void checks.push({ level, check, detail, ...(fix ? { fix } : {}) });
  const env = deps.io.env;

  checkConfigFiles(env, add);
  const target = targetOrProblem(deps, add);
  let apiKey: string | undefined;
  if (target) {
    if (target.sandbox) add('ok', 'target', `the embedded sandbox (${sandboxDataDir(env)})`);
    else {
      apiKey = await checkServiceTarget(target, env, add);
      checkQuota(quotaUsage(deps), false, add);
    }
  }
  const sandboxReadable = await checkSandboxData(sandboxDataDir(env), add);
  // the embedded sandbox counts its requests against its own plan (read without changing its data)
  if (target?.sandbox && sandboxReadable) checkQuota(await sandboxQuotaUsage(deps), true, add);
  add(...nodeCheck(process.version, new Date()));
  const proxyProblem = checks.some((c) => c.check === 'proxy' && c.level === 'problem');
  if (opts.offline) add('ok', 'API key', 'not checked (--offline)');
  else if (target && !proxyProblem && (target.sandbox || (apiKey && target.baseUrl && checkBaseUrl(target.baseUrl).ok))) await checkKeyAndClock(deps, add);

  await printReport(deps, format, checks);
  const problems = checks.filter((c) => c.level === 'problem').length;
  if (problems) throw new ExitWith(1, `${problems} problem${problems === 1 ? '' : 's'} found`);
}

/** The config directory and file: readable by this user only. */
function checkConfigFiles(env: NodeJS.ProcessEnv, add: Add): void {
  const dir = configDir(env);
  const file = configPath(env);
  if (existsSync(dir)) {
    const mode = statSync(dir).mode & 0o777;
    if (mode & 0o077) add('warning', 'config directory', `${dir} is mode ${mode.toString(8)}`, `chmod 700 ${dir}`);
    else add('ok', 'config directory', `${dir} (mode 700)`);
  } else add('ok', 'config directory', `${dir} (not created yet)`);
  if (existsSync(file)) {
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) add('problem', 'config file', `${file} is mode ${mode.toString(8)}: other users can read the API key`, `chmod 600 ${file}`);
    else add('ok', 'config file', `${file} (mode 600)`);
  }
}

/** The profile resolved, or a problem line saying why not. */
function targetOrProblem(deps: Deps, add: Add): Target | undefined {
  try {
    return deps.target();
  } catch (e) {
    add('problem', 'profile', (e as Error).message, 'formctl auth login');
    return undefined;
  }
}

/** A service's key (from where it lives: the keyring is asked only when the profile's key is there), base URL and proxy; returns the key. */
async function checkServiceTarget(target: Target, env: NodeJS.ProcessEnv, add: Add): Promise<string | undefined> {
  const found = await findTargetKey(target, env);
  add(...keyCheck(found, target.profileName));
  if (!target.baseUrl) {
    add('problem', 'base URL', 'none', 'formctl auth login --base-url https://…/v1, or set FORMCTL_BASE_URL');
    return found.key;
  }
  const c = checkBaseUrl(target.baseUrl);
  if (!c.ok) {
    add('problem', 'base URL', c.message, 'formctl auth login --base-url https://…/v1');
    return found.key;
  }
  add('ok', 'base URL', target.baseUrl);
  // the proxy the requests would go through (HTTPS_PROXY, NO_PROXY)
  try {
    const proxy = proxyFor(new URL(target.baseUrl), env);
    if (proxy) add('ok', 'proxy', `${proxy.shown} (from ${proxy.from})`);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    add('problem', 'proxy', e.message, 'an http:// proxy URL (http://user:password@host:port), or unset the variable');
  }
  return found.key;
}

/** what lifts the embedded sandbox's quota (its plan, or its data started over) */
const SANDBOX_QUOTA_FIX = 'formctl sandbox plan business --sandbox (or formctl sandbox reset --sandbox --yes)';

/** This month's requests against the plan when one is set: formctl's ledger, or the embedded sandbox's own count. */
function checkQuota({ used, plan, limit }: QuotaUsage, sandbox: boolean, add: Add): void {
  if (!plan || limit === undefined) {
    add('ok', 'quota this month', `${plural(used, 'request')} counted by formctl (the plan is not set: formctl config set plan <plan>)`);
    return;
  }
  const share = used / limit;
  const [check, detail, fix] = sandbox
    ? ['sandbox quota this month', `${used} of ${limit} requests of the sandbox's ${plan} plan`, SANDBOX_QUOTA_FIX]
    : ['quota this month', `${used} of ${limit} requests of the ${plan} plan counted by formctl`, 'formctl quota; cap runs with --max-requests'];
  add(share >= 1 ? 'problem' : share >= 0.8 ? 'warning' : 'ok', check, detail, share >= 0.8 ? fix : undefined);
}

/** The sandbox's data dir, as the sandbox itself reads it (integrity, schema version); true when it can be read as it is. */
async function checkSandboxData(data: string, add: Add): Promise<boolean> {
  // no database yet: said without loading the sandbox's bundle
  if (!existsSync(join(data, DATABASE_FILE))) return (add('ok', 'sandbox data', `${data} (none yet)`), false);
  let health: DataDirHealth;
  try {
    health = await (await import('../../sandbox/entry.js')).sandboxDataDirHealth(data);
  } catch (e) {
    health = { state: 'unreadable', message: (e as Error).message };
  }
  if (health.state === 'none') return (add('ok', 'sandbox data', `${data} (none yet)`), false);
  if (health.state === 'read' && health.integrity === 'ok' && health.schemaVersion === health.supportedVersion) {
    add('ok', 'sandbox data', `${data} (integrity ok, schema ${health.schemaVersion})`);
    return true;
  }
  if (health.state === 'unreadable') add('problem', 'sandbox data', `${data}: ${health.message}`, 'formctl sandbox reset --yes');
  else if (health.integrity !== 'ok') add('problem', 'sandbox data', `${data}: integrity check says ${health.integrity}`, 'formctl sandbox reset --yes');
  else if (health.schemaVersion > health.supportedVersion) add('problem', 'sandbox data', `${data}: schema version ${health.schemaVersion} is newer than this formctl's ${health.supportedVersion}`, 'upgrade formctl');
  else add('ok', 'sandbox data', `${data} (integrity ok, schema ${health.schemaVersion}, upgraded to ${health.supportedVersion} on next use)`);
  return false;
}

/** The key and the clock: one request, said before it is sent. */
async function checkKeyAndClock(deps: Deps, add: Add): Promise<void> {
  deps.info('Checking the key and the clock with one request (GET /forms?limit=1)…');
  try {
    const client = await deps.client();
    const { headers } = await client.exchange({ method: 'GET', path: '/forms', query: { limit: 1 } });
    add('ok', 'API key', 'accepted by the service');
    const date = Date.parse(String(headers.date ?? ''));
    if (!Number.isFinite(date)) return;
    const skew = Math.round((Date.now() - date) / 1000);
    if (Math.abs(skew) > 60) add('warning', 'clock', `${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} the service`, 'sync the clock (timedatectl set-ntp true); --since and checkpoints compare times');
    else add('ok', 'clock', `within ${Math.max(1, Math.abs(skew))} s of the service`);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) add('problem', 'API key', `refused: ${e.message}`, 'formctl auth login (a new key from the account settings)');
    else if (e instanceof ConnectionError) add('problem', 'service', `unreachable: ${e.message}`, 'check the base URL and the network');
    else if (e instanceof ApiError && isQuotaExhausted(e.status, e.message)) {
      add('problem', 'quota', `the month's requests are used up: ${e.message}`, deps.target().sandbox ? SANDBOX_QUOTA_FIX : 'it resets at the start of next month; formctl quota shows what used it');
    } else add('problem', 'service', (e as Error).message);
  }
}

async function printReport(deps: Deps, format: 'json' | 'table', checks: Check[]): Promise<void> {
  if (format === 'json' || deps.flags.query !== undefined) return deps.printJson(checks);
  const p = paint(deps.io.color);
  const mark: Record<Level, string> = { ok: p.green('ok     '), warning: p.yellow('warning'), problem: p.red('problem') };
  // a detail may quote the service or the environment: escaped like every message on a terminal
  for (const c of checks) deps.io.stdout.write(`${mark[c.level]}  ${c.check.padEnd(18)} ${terminalText(c.detail)}${c.fix ? `\n         ${''.padEnd(18)} fix: ${terminalText(c.fix)}` : ''}\n`);
}
