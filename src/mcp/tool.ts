import type { z } from 'zod/v4';
import type { ApiClient } from '../api/http.js';
import type { Deps } from '../cmdutil/deps.js';

// A tool as data: what the server registers, and what decides whether a session offers it. Groups
// declare their tools as tables of these (tools/*.ts), the way command groups declare verbs.

/** What a tool may do to the account: read-only tools are offered always, the others on request. */
export type Effect = 'read' | 'write' | 'destructive';

/** What a tool's body hands back: the API's data and a sentence a model can quote. */
export interface ToolOutput {
  summary: string;
  data?: unknown;
  /** an image content block (a png QR code) */
  image?: { data: string; mimeType: string };
  /** an embedded resource (an svg/pdf/eps QR code, a CSV export) */
  resource?: { uri: string; mimeType: string; text?: string; blob?: string };
}

export interface ToolContext {
  deps: Deps;
  client(): Promise<ApiClient>;
  /** API requests sent in this session so far */
  session(): number;
}

/** A tool's arguments, already checked against its input schema (the schema is the contract's; see inputs.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ToolArgs = Record<string, any>;

export interface ToolSpec {
  name: string;
  title: string;
  /** one line that tells a model when to use the tool */
  description: string;
  effect: Effect;
  /** calling it again with the same input changes nothing more */
  idempotent: boolean;
  /** false for the tools that read only local files (the quota ledger) */
  openWorld?: boolean;
  input: z.ZodObject;
  run(ctx: ToolContext, args: ToolArgs): Promise<ToolOutput>;
}

/** A table row. */
export const tool = (spec: ToolSpec): ToolSpec => spec;

/** MCP's tool annotations (hints for the client), from the table row. */
export function annotationsOf(spec: ToolSpec) {
  return {
    title: spec.title,
    readOnlyHint: spec.effect === 'read',
    destructiveHint: spec.effect === 'destructive',
    idempotentHint: spec.idempotent,
    openWorldHint: spec.openWorld !== false,
  };
}

export interface Permissions {
  allowWrite: boolean;
  allowDestructive: boolean;
}

/** Read-only by default: --allow-write adds the tools that create or change, --allow-destructive (apart) those that delete or cannot be undone. */
export function offered(spec: ToolSpec, p: Permissions): boolean {
  if (spec.effect === 'read') return true;
  if (spec.effect === 'write') return p.allowWrite;
  return p.allowDestructive;
}
