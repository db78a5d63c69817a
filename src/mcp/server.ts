import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { firstIssue } from './lines.js';
import { VERSION } from '../version.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { errorResult, successResult, type Scrub } from './results.js';
import { annotationsOf, offered, type Permissions, type ToolContext, type ToolSpec } from './tool.js';
import { ACCOUNT_TOOLS } from './tools/account.js';
import { AI_TOOLS } from './tools/ai.js';
import { FORM_TOOLS } from './tools/forms.js';
import { SUBMISSION_TOOLS } from './tools/submissions.js';

// `formctl mcp`: the account's API as MCP tools, resources and prompts. The tools are tables
// (tools/*.ts); this file only registers what the session's permissions offer.

/** Every tool of every group, in the order tools/list shows them. */
export const ALL_TOOLS: readonly ToolSpec[] = [...FORM_TOOLS, ...SUBMISSION_TOOLS, ...AI_TOOLS, ...ACCOUNT_TOOLS];

export interface ServerOptions extends Permissions {
  scrub: Scrub;
  /** a line for the log (stderr), never stdout */
  log?(line: string): void;
}

function instructions(p: Permissions): string {
  const mode = p.allowWrite || p.allowDestructive
    ? `Tools that ${[p.allowWrite ? 'create or change' : '', p.allowDestructive ? 'delete or cannot be undone' : ''].filter(Boolean).join(' and ')} are on.`
    : 'Read-only: tools that create, change or delete are off (formctl mcp --allow-write / --allow-destructive turn them on).';
  return `formctl: a form service account (forms, submissions, QR codes, analytics, templates, team). ${mode} Every API request counts against the account's monthly quota: prefer one call that answers (submissions_aggregate; forms_list with all: true) to many. Ids: a form is a qrId (upper-case letters and digits, from forms_list); a submission 24 hex characters.`;
}

export function createServer(ctx: ToolContext, opts: ServerOptions): McpServer {
  const server = new McpServer({ name: 'formctl', version: VERSION }, { instructions: instructions(opts) });
  for (const spec of ALL_TOOLS) {
    if (!offered(spec, opts)) continue;
    server.registerTool(spec.name, { title: spec.title, description: spec.description, inputSchema: spec.input, annotations: annotationsOf(spec) }, async (args: Record<string, unknown>) => {
      try {
        const result = successResult(await spec.run(ctx, args), opts.scrub);
        opts.log?.(`${spec.name}: ok (${ctx.session()} requests this session)`);
        return result;
      } catch (e) {
        const result = errorResult(e, opts.scrub);
        opts.log?.(`${spec.name}: failed (${ctx.session()} requests this session): ${String((result.structuredContent?.error as { message?: string } | undefined)?.message ?? '')}`);
        return result;
      }
    });
  }
  registerResources(server, ctx, opts.scrub);
  registerPrompts(server);
  invalidParamsAsSuch(server);
  return server;
}

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * A request whose params the SDK's schema refuses (`tools/call` with `arguments: "str"`) is answered
 * -32602 Invalid params, in one line: the SDK answered -32603 Internal error with zod's issues as a
 * JSON dump. Its handlers are wrapped where it keeps them (checked by test/mcp/protocol.test.ts).
 */
function invalidParamsAsSuch(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (e) {
        const issues = (e as { issues?: unknown }).issues;
        if ((e as Error).name !== 'ZodError' || !Array.isArray(issues)) throw e;
        // the SDK answers an error's code and message (McpError would put "MCP error -32602: " before it)
        throw Object.assign(new Error(`Invalid params for ${method}: ${firstIssue(issues)}`), { code: ErrorCode.InvalidParams });
      }
    });
  }
}
