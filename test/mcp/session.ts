import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from '../../src/api/http.js';
import { testDeps } from '../../src/cmdutil/testing.js';
import type { GlobalFlags } from '../../src/cmdutil/flags.js';
import { scrubber } from '../../src/mcp/results.js';
import { createServer } from '../../src/mcp/server.js';
import type { CommandSandbox } from '../helpers/commandSandbox.js';

export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** every text the server answered with so far (results and errors) */
  texts: string[];
  requests(): number;
  close(): Promise<void>;
}

export const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : c.type === 'resource' && 'text' in c.resource ? c.resource.text : '')).join('\n');

/**
 * formctl's MCP server in this process, for the profile of the sandbox's seeded key of `role`,
 * reached by the SDK's own Client through the SDK's in-memory transport.
 */
export async function mcpSession(sb: CommandSandbox, opts: { role?: keyof CommandSandbox['keys']; allowWrite?: boolean; allowDestructive?: boolean; flags?: GlobalFlags } = {}): Promise<McpSession> {
  const key = sb.keys[opts.role ?? 'owner'];
  const t = testDeps({ env: { FORMCTL_CONFIG_DIR: sb.configDir, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: key }, flags: { retries: '0', ...opts.flags } });
  let api: ApiClient | undefined;
  const server = createServer(
    { deps: t.deps, client: async () => (api ??= await t.deps.client()), session: () => api?.requestCount ?? 0 },
    { allowWrite: opts.allowWrite === true, allowDestructive: opts.allowDestructive === true, scrub: scrubber(() => [key]) },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'formctl-test', version: '1.0.0' });
  await client.connect(clientSide);
  const texts: string[] = [];
  return {
    client,
    texts,
    async call(name, args = {}) {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
      texts.push(JSON.stringify(r));
      return r;
    },
    requests: () => api?.requestCount ?? 0,
    async close() {
      await client.close();
      await server.close();
      await t.cleanup();
    },
  };
}
