import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCErrorResponseSchema, JSONRPCMessageSchema, JSONRPCNotificationSchema, JSONRPCRequestSchema, JSONRPCResultResponseSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';

/** the longest line read as a message (the SDK's own stdio limit); a longer one is skipped, not buffered */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC 2.0 §5.1 */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

type Id = string | number | null;

/** a request's id, when the line had one a client could match its answer by */
function idOf(value: unknown): Id {
  const id = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** how much of a line too long to read is looked at for its id */
const HEAD_BYTES = 4096;

/**
 * The id of a message from its first bytes alone (a line too long to read): only one that comes
 * before any nested object or array, where it can only be the message's own.
 */
export function headId(head: string): Id {
  const m = /^\s*\{[^{}[\]]*?"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*[,}]/.exec(head);
  if (!m) return null;
  try {
    return idOf({ id: JSON.parse(m[1]!) });
  } catch {
    return null;
  }
}

/** one line of why a message is refused: the first thing wrong, where */
export function firstIssue(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const issue = issues[0];
  return issue ? `${issue.path.length ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}` : 'not a JSON-RPC 2.0 message';
}

/** what is wrong with a value that is no JSON-RPC message, told by the kind of message it looks like */
function whyNot(value: unknown): string {
  if (value === null || typeof value !== 'object') return 'a message is a JSON object';
  const schema = 'method' in value ? ('id' in value ? JSONRPCRequestSchema : JSONRPCNotificationSchema) : 'error' in value ? JSONRPCErrorResponseSchema : JSONRPCResultResponseSchema;
  const r = schema.safeParse(value);
  return r.success ? 'not a JSON-RPC 2.0 message' : firstIssue(r.error.issues);
}

/**
 * MCP's stdio framing (a JSON-RPC message per line) that answers what it cannot read, as JSON-RPC
 * 2.0 asks: a line that is no JSON is a parse error (-32700), JSON that is no message an invalid
 * request (-32600, with the request's id when it had one), a line over MAX_LINE_BYTES is skipped
 * without being held (the session goes on; the SDK's transport closed the session there), and each
 * is said on stderr. The SDK's StdioServerTransport dropped them all without a word, so a client
 * waited for ever on the id of a request it had got wrong.
 */
export class LineTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private parts: Buffer[] = [];
  private size = 0;
  private skipping = false;
  /** the id of the line being skipped, when its first bytes tell it */
  private skippedId: Id = null;
  private closed = false;
  private refused = 0;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly log: (line: string) => void,
    private readonly maxLine = MAX_LINE_BYTES,
  ) {}

  private readonly ondata = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10, start)) {
      this.take(bytes.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    this.take(bytes.subarray(start));
  };

  private readonly onstdinError = (error: Error) => this.onerror?.(error);

  /** a last line without its line break is a line too */
  private readonly onend = () => {
    if (this.size > 0 || this.skipping) this.endLine();
  };

  async start(): Promise<void> {
    this.stdin.on('data', this.ondata);
    this.stdin.on('error', this.onstdinError);
    this.stdin.once('end', this.onend);
  }

  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.size + part.length > this.maxLine) {
      this.skipping = true;
      this.skippedId = headId(Buffer.concat([...this.parts, part]).subarray(0, HEAD_BYTES).toString('utf8'));
      this.parts = [];
      this.size = 0;
      return;
    }
    this.parts.push(part);
    this.size += part.length;
  }

  private endLine(): void {
    if (this.skipping) {
      this.skipping = false;
      return this.refuse(this.skippedId, INVALID_REQUEST, `Invalid Request: a message longer than ${this.maxLine} bytes, skipped`);
    }
    const text = Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.size = 0;
    if (text.trim() !== '') this.read(text);
  }

  private read(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.refuse(null, PARSE_ERROR, 'Parse error: the line is not JSON');
    }
    if (Array.isArray(value)) return this.refuse(null, INVALID_REQUEST, 'Invalid Request: batches are not part of MCP (2025-06-18): send one message per line');
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) return this.refuse(idOf(value), INVALID_REQUEST, `Invalid Request: ${whyNot(value)}`);
    this.onmessage?.(parsed.data as JSONRPCMessage);
  }

  /** an error answer the SDK's types cannot hold (its id may be null), and the same on stderr (the first ten, then one in a thousand) */
  private refuse(id: Id, code: number, message: string): void {
    this.refused++;
    if (this.refused <= 10 || this.refused % 1000 === 0) this.log(`${message}${id === null ? '' : ` (request ${JSON.stringify(id)})`}${this.refused > 10 ? ` (${this.refused} lines refused so far)` : ''}`);
    void this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  /**
   * A line out. While stdout is full (a client that does not read), stdin is not read either: the
   * answers to lines it keeps sending would otherwise pile up in memory without end.
   */
  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) return resolve();
      this.stdin.pause();
      this.stdout.once('drain', () => {
        if (!this.closed) this.stdin.resume();
        resolve();
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stdin.off('data', this.ondata);
    this.stdin.off('error', this.onstdinError);
    this.stdin.off('end', this.onend);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.onclose?.();
  }
}
