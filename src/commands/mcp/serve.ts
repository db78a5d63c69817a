import type { ApiClient } from '../../api/http.js';
import { maxRequestsOf, type Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { paint } from '../../io/streams.js';
import { clientConfig, CONFIG_FILES, type McpClient } from '../../mcp/clientConfig.js';

interface Opts {
  allowWrite?: boolean;
  allowDestructive?: boolean;
  printConfig?: boolean;
  client: McpClient;
}

function printConfig(deps: Deps, opts: Opts): void {
  const t = deps.target();
  const snippet = clientConfig(opts.client, {
    profile: deps.flags.profile ?? deps.io.env.FORMCTL_PROFILE,
    sandbox: t.sandbox,
    allowWrite: opts.allowWrite,
    allowDestructive: opts.allowDestructive,
    maxRequests: deps.flags.maxRequests,
    configDir: deps.io.env.FORMCTL_CONFIG_DIR,
  });
  deps.io.stdout.write(`${JSON.stringify(snippet, null, 2)}\n`);
  deps.info(`Paste it into ${CONFIG_FILES[opts.client]}. The API key stays in formctl's config: it is not in the snippet.`);
}

/** `formctl mcp`: the MCP server on stdio for this profile, until stdin closes. */
export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  if (opts.printConfig) return printConfig(deps, opts);
  // what would fail every tool is said now, before serving: a bad profile or flag (exit 2)
  const target = deps.target();
  if (deps.io.isStdinTTY) throw new UsageError('formctl mcp speaks MCP on stdin and stdout: an assistant starts it (see formctl mcp --print-config), not a terminal');
  maxRequestsOf(deps.flags, deps.io.env);
  const { createServer } = await import('../../mcp/server.js');
  const { scrubber } = await import('../../mcp/results.js');
  const { serveStdio } = await import('../../mcp/stdio.js');
  let client: ApiClient | undefined;
  const p = paint(deps.io.colorErr);
  const log = (line: string) => void deps.io.stderr.write(`${p.dim('[mcp]')} ${line}\n`);
  const server = createServer(
    { deps, client: async () => (client ??= await deps.client()), session: () => client?.requestCount ?? 0 },
    {
      allowWrite: opts.allowWrite === true,
      allowDestructive: opts.allowDestructive === true,
      // the key the client sends (a keyring profile's too), and any the environment holds
      scrub: scrubber(() => [client?.keyForScrubbing, target.apiKey, deps.io.env.FORMCTL_API_KEY, deps.io.env.FORMCTL_WEBHOOK_SECRET]),
      log: deps.flags.verbose ? log : undefined,
    },
  );
  if (deps.flags.verbose) log(`serving ${target.sandbox ? 'the sandbox' : `profile ${target.profileName}`} on stdio (${opts.allowWrite ? 'write' : 'read-only'}${opts.allowDestructive ? ', destructive' : ''})`);
  await serveStdio(server, deps.io.stdin, deps.io.stdout, log);
}
