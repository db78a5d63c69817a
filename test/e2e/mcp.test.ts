import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

// `formctl mcp` over stdio, driven by a client nobody here wrote: the MCP inspector's CLI
// (@modelcontextprotocol/inspector-cli, which runs on Node 20), against a served sandbox.
const run = promisify(execFile);
const INSPECTOR = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/inspector-cli/build/index.js');
// inspector-cli 1.0.3 finds its own package.json through `../package.json` of the working directory:
// a directory whose parent holds a package.json (this repository's test/) lets it start
const CWD = resolve(import.meta.dirname, '..');

let sb: SandboxHandle;
let config: string;
beforeAll(async () => {
  sb = await startSandbox();
  config = mkdtempSync(join(tmpdir(), 'formctl-mcp-'));
});
afterAll(async () => {
  await sb.stop();
  rmSync(config, { recursive: true, force: true });
});

async function inspector(args: string[]): Promise<any> {
  const env = cleanEnv({ FORMCTL_CONFIG_DIR: config, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
  const r = await run(process.execPath, [INSPECTOR, process.execPath, BIN, 'mcp', ...args], { cwd: CWD, env: env as NodeJS.ProcessEnv });
  return JSON.parse(r.stdout);
}

describe('formctl mcp over stdio, with the MCP inspector CLI', () => {
  it('lists the tools (read-only by default)', async () => {
    const { tools } = await inspector(['--method', 'tools/list']);
    const names = tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['forms_list', 'submissions_aggregate', 'ai_draft', 'quota_get']));
    expect(names).not.toContain('forms_create');
    expect(tools.find((t: { name: string }) => t.name === 'forms_list').annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  });

  it('calls forms_list and ai_draft', async () => {
    const created = await sb.api('POST', '/forms', { body: { title: 'Served form', shortText: '', fields: [{ type: 'email', option: { label: 'E-mail' } }] } });
    const qrId = (created.body as { data: { qrId: string } }).data.qrId;
    const list = await inspector(['--method', 'tools/call', '--tool-name', 'forms_list', '--tool-arg', 'all=true']);
    expect(list.isError).toBeFalsy();
    expect(list.structuredContent.items.map((f: { qrId: string }) => f.qrId)).toContain(qrId);
    expect(list.content[0].text).toContain(`${qrId}  Served form`);
    const draft = await inspector(['--method', 'tools/call', '--tool-name', 'ai_draft', '--tool-arg', 'prompt=a sign-up form for a Saturday workshop']);
    expect(draft.isError).toBeFalsy();
    expect(draft.structuredContent).toMatchObject({ title: expect.stringMatching(/workshop/i), fields: expect.any(Array) });
    expect(draft.content[0].text).toMatch(/forms_create/);
  });

  it('a bad argument is a tool result with isError, not a protocol error', async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'forms_get', '--tool-arg', 'qrId=lower']);
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toMatch(/qrId/);
  });
});

describe('formctl mcp --print-config', () => {
  it.each([['claude', 'mcpServers'], ['vscode', 'servers'], ['cursor', 'mcpServers']])('%s', async (client, root) => {
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: config, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_BASE_URL: sb.baseUrl });
    const r = await run(process.execPath, [BIN, 'mcp', '--print-config', '--client', client, '--allow-write', '--max-requests', '200'], { env: env as NodeJS.ProcessEnv });
    const snippet = JSON.parse(r.stdout);
    expect(snippet[root].formctl).toMatchObject({ command: 'formctl', args: ['mcp', '--allow-write', '--max-requests', '200'], env: { FORMCTL_CONFIG_DIR: config } });
    expect(r.stdout).not.toContain(sb.keys.owner);
    expect(r.stderr).toMatch(/not in the snippet/);
  });

  it('a closed stdin ends the server cleanly (exit 0, nothing but protocol on stdout)', async () => {
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: config, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_BASE_URL: sb.baseUrl });
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } });
    const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'forms_list', arguments: {} } });
    const child = execFile(process.execPath, [BIN, 'mcp'], { env: env as NodeJS.ProcessEnv });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin!.end(`${init}\n${call}\n`);
    const code = await new Promise((res) => child.on('exit', res));
    expect(code).toBe(0);
    const answers = out.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { isError?: boolean } });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result.isError).toBeFalsy();
  });
});
