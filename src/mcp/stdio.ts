import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { LineTransport } from './lines.js';

/**
 * Serves `server` on stdin/stdout until stdin ends (the client went away, or a script piped its
 * requests in): then every request already read is answered before the server closes, so that a
 * closed stdin ends the session cleanly rather than cutting off a tool call halfway. A line it cannot
 * read is answered with a JSON-RPC error and said through `warn` (lines.ts).
 */
export async function serveStdio(server: McpServer, stdin: Readable, stdout: Writable, warn: (line: string) => void): Promise<void> {
  const transport = new LineTransport(stdin, stdout, warn);
  const open = new Set<string | number>();
  let ended = false;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const closeWhenIdle = () => {
    if (ended && open.size === 0) void server.close().finally(finish);
  };
  await server.connect(transport);
  const receive = transport.onmessage!;
  transport.onmessage = (msg: JSONRPCMessage) => {
    if ('method' in msg && 'id' in msg) open.add(msg.id);
    receive(msg);
  };
  const send = transport.send.bind(transport);
  transport.send = async (msg: JSONRPCMessage) => {
    await send(msg);
    if (!('method' in msg) && 'id' in msg && msg.id !== undefined) {
      open.delete(msg.id);
      closeWhenIdle();
    }
  };
  const end = () => {
    ended = true;
    // requests of the last chunk are dispatched after this event: they are counted first
    setImmediate(closeWhenIdle);
  };
  stdin.once('end', end);
  stdin.once('close', end);
  const closed = transport.onclose;
  transport.onclose = () => {
    closed?.();
    finish();
  };
  return finished;
}
