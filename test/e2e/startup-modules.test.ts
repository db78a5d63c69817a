import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

// The start-up paths load nothing heavy: a preload records every package the process requires.
const HEAVY = ['better-sqlite3', 'zod', '@inquirer/prompts', 'cli-table3', 'qrcode', '@resvg/resvg-js', 'asciichart', 'pg', 'yaml', 'ora', 'csv-stringify', 'csv-parse', '@fastify/busboy'];
const dir = mkdtempSync(join(tmpdir(), 'formctl-modules-'));
const preload = join(dir, 'record.cjs');
let sb: SandboxHandle;
beforeAll(async () => {
  writeFileSync(preload, `const Module = require('module');
const seen = new Set();
const load = Module._load;
Module._load = function (request, ...rest) { if (!request.startsWith('.') && !request.startsWith('node:') && !request.startsWith('/')) seen.add(request); return load.call(this, request, ...rest); };
process.on('exit', () => require('fs').writeFileSync(process.env.RECORD_TO, JSON.stringify([...seen])));
`);
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

function loaded(args: string[], extra: Record<string, string> = {}): string[] {
  const out = join(dir, `${args.join('_').replace(/\W+/g, '_')}.json`);
  execFileSync(process.execPath, ['--require', preload, BIN, ...args], { env: cleanEnv({ RECORD_TO: out, FORMCTL_CONFIG_DIR: join(dir, 'config'), ...extra }), stdio: 'pipe' });
  return JSON.parse(readFileSync(out, 'utf8')) as string[];
}

describe('no heavy module on the start-up paths', () => {
  it.each([[['--version']], [['--help']]])('%s', (args) => {
    expect(loaded(args).filter((m) => HEAVY.some((h) => m === h || m.startsWith(`${h}/`)))).toEqual([]);
  });

  it('a one-request command: forms list -o json', () => {
    const mods = loaded(['forms', 'list', '-o', 'json'], { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    expect(mods.filter((m) => HEAVY.some((h) => m === h || m.startsWith(`${h}/`)))).toEqual([]);
  });
});
