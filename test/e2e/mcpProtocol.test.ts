import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

// `formctl mcp` as a JSON-RPC 2.0 peer when the client gets it wrong: every line it cannot read is
// answered (a client waiting on an id is told), said on stderr, and the session goes on.
let sb: SandboxHandle;
let config: string;
beforeAll(async () => {
  sb = await startSandbox();
  config = mkdtempSync(join(tmpdir(), 'formctl-mcp-protocol-'));
});
afterAll(async () => {
  await sb.stop();
  rmSync(config, { recursive: true, force: true });
});

interface Answer {
  jsonrpc: string;
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** formctl mcp fed `lines` (strings as they are, objects as JSON), then EOF: its answers, stderr and exit code */
async function session(lines: Array<string | Buffer | object>): Promise<{ answers: Answer[]; stderr: string; code: number | null; stdout: string }> {
  const env = cleanEnv({ FORMCTL_CONFIG_DIR: config, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_BASE_URL: sb.baseUrl });
  const child = execFile(process.execPath, [BIN, 'mcp'], { env: env as NodeJS.ProcessEnv, maxBuffer: 64 * 1024 * 1024 });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } };
  for (const l of [init, { jsonrpc: '2.0', method: 'notifications/initialized' }, ...lines]) {
    const bytes = Buffer.isBuffer(l) ? l : Buffer.from(typeof l === 'string' ? l : JSON.stringify(l));
    child.stdin!.write(Buffer.concat([bytes, Buffer.from('\n')]));
  }
  child.stdin!.end();
  const code = await new Promise<number | null>((res) => child.on('exit', res));
  return { answers: stdout.trim().split('\n').map((l) => JSON.parse(l) as Answer), stderr, code, stdout };
}

describe('formctl mcp answers what it cannot read', () => {
  it('a parse error, an invalid request, a batch: each answered as JSON-RPC 2.0 says, with the id when there was one; the session goes on', async () => {
    const { answers, stderr, code } = await session([
      '{not json',
      Buffer.from([0xff, 0xfe, 0x7b]),
      '[]',
      '[{"jsonrpc":"2.0","id":3,"method":"ping"}]',
      '"just a string"',
      { jsonrpc: '1.0', id: 4, method: 'ping' },
      { jsonrpc: '2.0', id: 5 },
      { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' },
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: null },
      { jsonrpc: '2.0', id: 7, method: 'ping' },
    ]);
    expect(code).toBe(0);
    const shape = answers.filter((a) => a.id !== 1).map((a) => [a.id, a.error?.code ?? 'ok']);
    expect(shape).toEqual([
      [null, -32700], [null, -32700], [null, -32600], [null, -32600], [null, -32600],
      [4, -32600], [5, -32600], [null, -32600], [6, -32600], [7, 'ok'],
    ]);
    for (const a of answers) expect(a.jsonrpc).toBe('2.0');
    expect(answers.find((a) => a.id === 6)!.error!.message).toMatch(/^Invalid Request: params: /);
    expect(stderr).toMatch(/\[mcp\] Parse error: the line is not JSON/);
    expect(stderr).toMatch(/\[mcp\] Invalid Request: .*\(request 6\)/);
  });

  it('a line over 10 MB is skipped without being held, answered, and the next request is served', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'ping', params: { pad: 'x'.repeat(20 * 1024 * 1024) } });
    const { answers, stderr, code } = await session([huge, { jsonrpc: '2.0', id: 14, method: 'ping' }]);
    expect(code).toBe(0);
    const rest = answers.filter((a) => a.id !== 1);
    // its id read from its first bytes: the client waiting on 13 is told
    expect(rest.map((a) => [a.id, a.error?.code ?? 'ok'])).toEqual([[13, -32600], [14, 'ok']]);
    expect(rest[0]!.error!.message).toMatch(/longer than 10485760 bytes, skipped/);
    expect(stderr).toMatch(/skipped/);
  });

  it('params the method\'s schema refuses are -32602 Invalid params in one line; a last line without its line break is read', async () => {
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: config, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_BASE_URL: sb.baseUrl });
    const { answers } = await session([{ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'forms_list', arguments: 'str' } }]);
    const bad = answers.find((a) => a.id === 8)!;
    expect(bad.error!.code).toBe(-32602);
    expect(bad.error!.message).toMatch(/^Invalid params for tools\/call: params\.arguments: .+$/);
    expect(bad.error!.message).not.toContain('\n');
    // no line break after the last request
    const child = execFile(process.execPath, [BIN, 'mcp'], { env: env as NodeJS.ProcessEnv });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin!.end(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }));
    expect(await new Promise((res) => child.on('exit', res))).toBe(0);
    expect(JSON.parse(out.trim())).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
  });
});

describe('formctl mcp with a client that stops reading', () => {
  it('stops reading stdin while its answers wait: memory stays bounded however many bad lines come', async () => {
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: config, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_BASE_URL: sb.baseUrl });
    const child = execFile(process.execPath, [BIN, 'mcp'], { env: env as NodeJS.ProcessEnv });
    child.stdout!.pause(); // never read
    child.stdin!.on('error', () => undefined); // the writes still queued when it is killed
    child.stderr!.resume();
    const chunk = Buffer.from('x\n'.repeat(32 * 1024));
    let written = 0;
    // write until the server stops taking lines (its stdin pipe fills), or 200 MB of lines went in
    while (written < 200 * 1024 * 1024) {
      written += chunk.length;
      if (!child.stdin!.write(chunk)) {
        const drained = await Promise.race([new Promise((r) => child.stdin!.once('drain', () => r(true))), new Promise((r) => setTimeout(() => r(false), 2000))]);
        if (!drained) break;
      }
    }
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
    child.kill('SIGKILL');
    expect(written).toBeLessThan(200 * 1024 * 1024);
    expect(rssKb).toBeLessThan(300 * 1024);
  }, 60_000);
});
