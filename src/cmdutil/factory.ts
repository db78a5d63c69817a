import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { ApiClient } from '../api/http.js';
import { checkBaseUrl, profileProblem, resolveTarget, type Target } from '../config/resolve.js';
import { readConfig, sandboxDataDir, type ConfigFile } from '../config/store.js';
import { InquirerPrompter, type Prompter } from '../io/prompter.js';
import { paint, type IOStreams } from '../io/streams.js';
import { columnNames, parseFields, renderData, renderList, renderListStream, renderOne, resolveFormat, streamsList, type CommandOutput, type View } from '../output/format.js';
import type { Query } from '../output/query.js';
import { terminalText } from '../output/terminalText.js';
import { RequestCapError, UsageError } from '../errors.js';
import { parseIntFlag, parseNumberFlag, type GlobalFlags } from './flags.js';
import type { Deps } from './deps.js';
import { NotLoggedInError } from '../errors.js';
import { runState } from './command.js';
import { VERSION } from '../version.js';

export type { Deps } from './deps.js';

export function createDeps(io: IOStreams, flags: GlobalFlags, overrides: { prompter?: Prompter; command?: string } = {}): Deps & { cleanup(): Promise<void>; prepare(): Promise<void> } {
  let config: ConfigFile | undefined;
  let query: Query | undefined;
  let client: Promise<ApiClient> | undefined;
  let prompter: Prompter | undefined;
  let target: Target | undefined;
  const cleanups: Array<() => Promise<void> | void> = [];
  const p = paint(io.colorErr);

  const deps: Deps & { cleanup(): Promise<void>; prepare(): Promise<void> } = {
    io,
    flags,
    config: () => (config ??= readConfig(io.env)),
    target: () => (target ??= checkedTarget(deps.config(), flags, io.env)),
    client: () => (client ??= buildClient(deps, overrides.command ?? 'formctl')),
    prompter: () => (prompter ??= overrides.prompter ?? new InquirerPrompter(io)),
    outputFor<T>(view: View<T>): CommandOutput {
      const format = resolveFormat(flags.output, flags.json, deps.config().settings.output, io);
      return {
        format,
        // under --query, --columns picks keys of the JSON the query reads; a table's column asked of
        // JSON (the default when piped) is answered with the flag that gives it
        fields: parseFields(flags.columns, columnNames(view, query ? 'json' : format), query || (format !== 'json' && format !== 'jsonl') ? undefined : {
          names: columnNames(view, 'csv'),
          any: view.laterColumns,
          note: `${view.laterColumns ? 'answers by label are' : 'they are'} columns of table and CSV output: add -o csv or -o table${flags.output || flags.json || deps.config().settings.output ? '' : ' (piped, the output is JSON unless -o says otherwise)'}`,
        }),
        quiet: flags.quiet === true,
        csvRaw: flags.csvRaw === true,
        query,
        prose: format === 'table' && !query,
      };
    },
    async printJson(data, oneLine = false, rawString = false) {
      if (!query) return void io.stdout.write(`${JSON.stringify(data, null, oneLine ? undefined : 2)}\n`);
      const format = resolveFormat(flags.output, flags.json, deps.config().settings.output, io);
      const result = query.apply(data);
      if (rawString && typeof result === 'string') return void io.stdout.write(`${result}\n`);
      // a record printed on one line stays on one line as its query's result
      if (oneLine && (format === 'json' || format === 'jsonl')) return void io.stdout.write(`${JSON.stringify(result)}\n`);
      io.stdout.write(await renderData(io, { format, csvRaw: flags.csvRaw === true }, result));
    },
    // before the command runs (and so before any request): --query compiled, its conflicts named
    async prepare() {
      // two flags that ask for different output are a contradiction, not an order of precedence
      if (flags.json && flags.output !== undefined && flags.output !== 'json') throw new UsageError(`--json is -o json, and -o says ${flags.output}: give one of them`);
      if (flags.quiet && (flags.json || flags.output !== undefined)) throw new UsageError(`-q prints ids only, one per line, and ${flags.json ? '--json' : `-o ${flags.output}`} asks for a format: give one of them`);
      if (flags.query === undefined) return;
      if (flags.quiet) throw new UsageError('-q prints ids only and --query picks what to print: give one of them');
      query = await (await import('../output/query.js')).compileQuery(flags.query);
    },
    async printList(view, items) {
      io.stdout.write(await renderList(io, deps.outputFor(view), view, items));
    },
    async printListStream(view, batches) {
      const opts = deps.outputFor(view);
      if (!streamsList(opts)) {
        const items: unknown[] = [];
        for await (const b of batches) for (const i of b) items.push(i);
        return deps.printList(view, items as never);
      }
      // a slow reader holds the walk back (one batch in memory), a closed one ends it
      for await (const text of renderListStream(opts, view, batches)) if (text && !io.stdout.write(text)) await once(io.stdout, 'drain');
    },
    async printOne(view, item) {
      io.stdout.write(await renderOne(io, deps.outputFor(view), view, item));
    },
    // messages carry service data (titles, links, the service's words): escaped like table cells and
    // errors, so none can drive the terminal; formctl's own colours go around them, never inside
    info: (m) => void io.stderr.write(`${terminalText(m)}\n`),
    warn: (m) => void io.stderr.write(`${p.yellow('warning:')} ${terminalText(m)}\n`),
    onCleanup: (fn) => void cleanups.push(fn),
    cleanup: () => runCleanups(cleanups.splice(0).reverse()),
  };
  return deps;
}

/** Every cleanup runs, even when one before it fails (a temporary file must never stay behind). */
async function runCleanups(cleanups: Array<() => Promise<void> | void>): Promise<void> {
  let failure: unknown;
  for (const fn of cleanups) {
    try {
      await fn();
    } catch (e) {
      failure ??= e;
    }
  }
  if (failure !== undefined) throw failure;
}

/** The profile, flags and environment resolved to one target; a contradiction among them is a usage error. */
function checkedTarget(config: ConfigFile, flags: GlobalFlags, env: NodeJS.ProcessEnv): Target {
  const problem = profileProblem(config, flags, env);
  if (problem) throw new UsageError(problem);
  return resolveTarget(config, flags, env);
}

/** Where requests go and with which key: the embedded sandbox, or a service that must have both. */
async function endpointOf(deps: Deps, target: Target): Promise<{ baseUrl: string; apiKey: string }> {
  // a key in the system keyring is read here, on first use (config/keys.ts)
  const apiKey = target.keyAccount ? await (await import('../config/keys.js')).keyForRequests(target, deps.io.env) : target.apiKey;
  if (target.sandbox) {
    const sandbox = await embeddedSandbox(deps);
    return { baseUrl: sandbox.baseUrl, apiKey: (apiKey ?? sandbox.ownerKey)! };
  }
  if (!target.baseUrl) {
    throw new NotLoggedInError(
      `no API base URL for profile "${target.profileName}": run \`formctl auth login --base-url URL\`, set FORMCTL_BASE_URL, or try the embedded sandbox with --sandbox`,
    );
  }
  const checked = checkBaseUrl(target.baseUrl);
  if (!checked.ok) throw new UsageError(checked.message);
  if (!apiKey) throw new NotLoggedInError(`no API key for profile "${target.profileName}": run \`formctl auth login\` or set FORMCTL_API_KEY`);
  // never the key itself in the message: only where it came from
  if (/[\s\x00-\x1f\x7f]/.test(apiKey)) throw new UsageError(`the API key (${target.keySource ?? 'profile'}) holds a space or a control character inside it: no key does; set it again`);
  return { baseUrl: target.baseUrl, apiKey };
}

/** --max-requests, else FORMCTL_MAX_REQUESTS: the cap of a run's requests (a usage error when it is no count). */
export function maxRequestsOf(flags: GlobalFlags, env: NodeJS.ProcessEnv): number | undefined {
  return parseIntFlag(flags.maxRequests !== undefined ? '--max-requests' : 'FORMCTL_MAX_REQUESTS', flags.maxRequests ?? env.FORMCTL_MAX_REQUESTS, 0, 100_000_000);
}

/** --max-requests (or FORMCTL_MAX_REQUESTS): a check before each request that stops the run at the cap. */
function requestCap(flags: GlobalFlags, env: NodeJS.ProcessEnv, command: string): ((sent: number) => void) | undefined {
  const maxRequests = maxRequestsOf(flags, env);
  if (maxRequests === undefined) return undefined;
  return (sent) => {
    if (sent >= maxRequests) throw new RequestCapError(maxRequests, sent, afterCap(command));
  };
}

/** what to do once --max-requests stopped a command, said for the command it stopped */
function afterCap(command: string): string {
  if (/\bimport$/.test(command)) return 'run it again: the rows imported are skipped (the local ledger), the rest are sent';
  if (/\bsync$/.test(command)) return 'run it again: the sync resumes where it stopped (its database)';
  if (/\bexport$/.test(command)) return 'run it again (with --checkpoint, it starts from the last finished run), or raise --max-requests';
  return 'raise --max-requests (or leave it out) and run it again';
}

/** The ApiClient for this run: settings and flags, the proxy, the request log and retry notices, the cap; closed (and counted) at cleanup. */
async function buildClient(deps: Deps, command: string): Promise<ApiClient> {
  const { io, flags } = deps;
  const p = paint(io.colorErr);
  const settings = deps.config().settings;
  const timeoutS = parseNumberFlag('--timeout', flags.timeout, 0.1, 3600) ?? settings.timeout ?? 30;
  const retries = parseIntFlag('--retries', flags.retries, 0, 10) ?? settings.retries ?? 3;
  const target = deps.target();
  const { baseUrl, apiKey } = await endpointOf(deps, target);
  const { ApiClient } = await import('../api/http.js');
  const { proxyFor } = await import('../api/proxy.js');
  const proxy = proxyFor(new URL(baseUrl), io.env);
  if (proxy && flags.verbose) io.stderr.write(`${p.dim('[api]')} through the proxy ${proxy.shown} (${proxy.from})\n`);
  const c = new ApiClient({
    baseUrl,
    apiKey,
    timeoutMs: timeoutS * 1000,
    retries,
    userAgent: `formctl/${VERSION}`,
    proxy,
    baseDelayMs: io.env.FORMCTL_RETRY_BASE_MS ? Number(io.env.FORMCTL_RETRY_BASE_MS) : undefined,
    log: flags.verbose ? (line) => io.stderr.write(`${p.dim('[api]')} ${line}\n`) : undefined,
    beforeSend: requestCap(flags, io.env, command),
    // on a terminal a retry is never silent (with --verbose the request log says it already)
    onRetry: io.isStderrTTY && !flags.verbose
      ? (r) => io.stderr.write(`${p.yellow('retrying')} ${r.method} ${r.path} in ${(r.delayMs / 1000).toFixed(1)} s (attempt ${r.attempt + 1} of ${retries + 1}): ${terminalText(r.why)}\n`)
      : undefined,
  });
  deps.onCleanup(async () => {
    if (flags.verbose) io.stderr.write(`${p.dim('[api]')} ${c.requestCount} API request${c.requestCount === 1 ? '' : 's'} this run\n`);
    c.close();
    // the sandbox costs nothing: only requests to a service go into the quota ledger
    if (!target.sandbox && c.requestCount > 0) await recordInLedger(deps, command, c.requestCount);
  });
  return c;
}

/** The run's requests go into the quota ledger; past 80 % of a known plan's month, a warning. */
async function recordInLedger(deps: Deps, command: string, requests: number): Promise<void> {
  try {
    const { record, profilePlan, quotaUsage } = await import('./ledger.js');
    record(deps, command, requests);
    // the month's ledger is read only when there is a plan to warn against (most runs have none)
    if (!profilePlan(deps)) return;
    const { used, plan, limit } = quotaUsage(deps);
    if (limit !== undefined && used >= limit * 0.8) deps.warn(`${used.toLocaleString('en')} of the ${limit.toLocaleString('en')} requests of the ${plan} plan used this month (${Math.round((used / limit) * 100)} %, as far as formctl knows): formctl quota`);
  } catch { /* the ledger must never fail a command */ }
}

/**
 * The embedded default: the sandbox being served from the data dir (`formctl sandbox serve`), so
 * that what a command creates is live at once; else the emulator in this process, on an ephemeral
 * loopback port, issuing links to the sandbox's one address. Once per data dir, on a terminal, it
 * says how to make those links open.
 */
async function embeddedSandbox(deps: Deps): Promise<{ baseUrl: string; ownerKey?: string }> {
  const { io } = deps;
  runState.embeddedSandbox = true;
  const dataDir = sandboxDataDir(io.env);
  const { findServedSandbox, sandboxLinkOrigin, sandboxPort } = await import('../config/sandboxAddress.js');
  const served = await findServedSandbox(dataDir);
  if (served) return { baseUrl: served.baseUrl, ownerKey: served.ownerKey };
  const linkOrigin = sandboxLinkOrigin(sandboxPort(io.env, deps.config().settings));
  const { startSandbox, contractChecks } = await (await import('../sandbox/entry.js')).sandboxServer();
  const sandbox = await startSandbox({ dataDir, port: 0, linkOrigin, contract: contractChecks(io.env) });
  deps.onCleanup(() => sandbox.close());
  if (io.isStderrTTY) tellHowLinksOpen(dataDir, linkOrigin, (m) => deps.info(m));
  return { baseUrl: sandbox.baseUrl, ownerKey: sandbox.keys.find((k) => k.role === 'owner')?.key };
}

/** The one-time hint: a marker file in the data dir remembers it was given. */
function tellHowLinksOpen(dataDir: string, linkOrigin: string, info: (m: string) => void): void {
  try {
    writeFileSync(join(dataDir, '.told-links'), '', { flag: 'wx' });
  } catch {
    return; // told before (or the data dir is read-only: say nothing rather than every time)
  }
  info(`The sandbox ran inside this command. Its links (${linkOrigin}/…) open while \`formctl sandbox serve\` runs; with it running, --sandbox commands use it.`);
}

