import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

// The start-up paths load nothing heavy: a preload records every module the process requires —
// packages, the sandbox's and zod's bundles (./sandbox.js, ./zod.js) and node:child_process, which commander would load
// for nothing — and every bundle of formctl's it loaded (./run.js, ./cmd-forms.js, …).
const HEAVY = ['./sandbox.js', './zod.js', 'node:child_process', 'better-sqlite3', 'zod', '@inquirer/prompts', 'cli-table3', 'qrcode', '@resvg/resvg-js', 'asciichart', 'pg', 'yaml', 'ora', 'csv-stringify', 'csv-parse', '@fastify/busboy', '@napi-rs/keyring', '@jmespath-community/jmespath', '@modelcontextprotocol/sdk', './mcp-sdk.js'];
const dir = mkdtempSync(join(tmpdir(), 'formctl-modules-'));
const preload = join(dir, 'record.cjs');
// a profile whose key is in the keyring, and a D-Bus address where no bus listens
const keyringConfig = join(dir, 'keyring-config');
const NO_BUS = `unix:path=${join(dir, 'no-bus')}`;
let sb: SandboxHandle;
beforeAll(async () => {
  writeFileSync(preload, `const Module = require('module');
const seen = new Set();
const load = Module._load;
Module._load = function (request, ...rest) { seen.add(request); return load.call(this, request, ...rest); };
// formctl's own bundles load through the code cache (src/cli/bundle.ts), not require: require's
// cache holds them, named here as a require from dist/ would name them
process.on('exit', () => {
  for (const f of Object.keys(require.cache)) if (/[\\/]dist[\\/][^\\/]+\.js$/.test(f)) seen.add('./' + require('path').basename(f));
  // Node's built-ins as Node itself loaded them (also those its own modules required), as builtin:NAME
  for (const m of process.moduleLoadList) if (m.startsWith('NativeModule ')) seen.add('builtin:' + m.slice('NativeModule '.length));
  require('fs').writeFileSync(process.env.RECORD_TO, JSON.stringify([...seen]));
});
`);
  sb = await startSandbox();
  mkdirSync(keyringConfig);
  writeFileSync(join(keyringConfig, 'config.json'), JSON.stringify({ currentProfile: 'kr', profiles: { kr: { baseUrl: sb.baseUrl, keyStore: 'keyring', keyAccount: 'kr@test' } }, settings: {} }));
});
afterAll(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The modules a run loaded; the run must succeed unless `fails` (then it must fail). */
async function loaded(args: string[], extra: Record<string, string> = {}, fails = false): Promise<string[]> {
  const out = join(dir, `${args.join('_').replace(/\W+/g, '_')}.json`);
  // stdin is empty and closed (an MCP server then ends at once); not spawnSync: the sandbox the
  // commands talk to is served from this process
  const r = await execa(process.execPath, ['--require', preload, BIN, ...args], { env: cleanEnv({ RECORD_TO: out, FORMCTL_CONFIG_DIR: join(dir, 'config'), ...extra }), extendEnv: false, input: '', reject: false });
  expect(r.exitCode !== 0, String(r.stderr)).toBe(fails);
  return JSON.parse(readFileSync(out, 'utf8')) as string[];
}

describe('no heavy module on the start-up paths', () => {
  it.each([[['--version']], [['--help']]])('%s', async (args) => {
    const mods = await loaded(args);
    expect(mods.filter((m) => HEAVY.some((h) => m === h || m.startsWith(`${h}/`)))).toEqual([]);
    // nor the commander tree, nor main.js: bin/formctl.js hands them to quick.js, which answers alone
    expect(mods).toContain('../dist/quick.js');
    expect(mods).not.toContain('../dist/main.js');
    expect(mods).not.toContain('./run.js');
    expect(mods).not.toContain('node:vm');
  });

  it('the sandbox bundle loads when a command needs the emulator (the keyring and the multipart reader do not)', async () => {
    const mods = await loaded(['--sandbox', 'forms', 'list', '-o', 'json'], { FORMCTL_SANDBOX_DIR: join(dir, 'sandbox'), FORMCTL_CONFIG_DIR: keyringConfig, DBUS_SESSION_BUS_ADDRESS: NO_BUS });
    expect(mods).toContain('./sandbox.js');
    expect(mods).not.toContain('@napi-rs/keyring');
    // the multipart reader loads on the first multipart body, not when the emulator starts
    expect(mods).not.toContain('@fastify/busboy');
    // nor node:https and TLS: they load with the first webhook delivery to an https URL (node:dns
    // is loaded by Node's own listen(), whatever the sandbox does); node:http shows Node's list of
    // its built-ins is read at all (a list in another format would otherwise pass in silence)
    expect(mods).toContain('builtin:http');
    expect(mods.filter((m) => ['builtin:https', 'builtin:tls', 'builtin:_tls_wrap'].includes(m))).toEqual([]);
  });

  it('a read of the embedded sandbox loads no zod: body schemas and admin routes load with the first request that needs them, and the contract checks of the tests take a compiled validator from their cache', async () => {
    const env = { FORMCTL_SANDBOX_DIR: join(dir, 'sandbox-contract'), FORMCTL_SANDBOX_CONTRACT: '1', FORMCTL_SANDBOX_CONTRACT_CACHE: join(dir, 'contract-cache') };
    mkdirSync(env.FORMCTL_SANDBOX_CONTRACT_CACHE);
    // the first run compiles the validator (the description, so zod); the second reads it back
    expect(await loaded(['--sandbox', 'forms', 'list', '-o', 'json'], env)).toContain('./zod.js');
    expect(readdirSync(env.FORMCTL_SANDBOX_CONTRACT_CACHE)).toEqual(['response-listForms.cjs']);
    const mods = await loaded(['--sandbox', 'forms', 'list', '-o', 'json'], env);
    expect(mods).toContain('./sandbox.js');
    // (ajv's compiler and its standalone writer; the cached validators need only ajv/dist/runtime/…)
    expect(mods.filter((m) => ['./zod.js', 'zod', 'ajv', 'ajv/dist/2020.js', 'ajv/dist/standalone/index.js'].includes(m))).toEqual([]);
  });

  it('the keyring module loads only when the key is read from the keyring: never with FORMCTL_API_KEY', async () => {
    const withEnvKey = await loaded(['forms', 'list', '-o', 'json'], { FORMCTL_CONFIG_DIR: keyringConfig, DBUS_SESSION_BUS_ADDRESS: NO_BUS, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    expect(withEnvKey).not.toContain('@napi-rs/keyring');
    // the profile's key is in the keyring: the module loads (the bus is not there, so the command then fails)
    expect(await loaded(['forms', 'list', '-o', 'json'], { FORMCTL_CONFIG_DIR: keyringConfig, DBUS_SESSION_BUS_ADDRESS: NO_BUS }, true)).toContain('@napi-rs/keyring');
  });

  it('a one-request command: forms list -o json', async () => {
    const mods = await loaded(['forms', 'list', '-o', 'json'], { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    expect(mods.filter((m) => HEAVY.some((h) => m === h || m.startsWith(`${h}/`)))).toEqual([]);
    // nor Node's crypto (its set-up is some 20 internal modules) nor node:os: the temporary file's
    // random name and the home directory (unused with FORMCTL_CONFIG_DIR) load them when needed
    expect(mods.filter((m) => ['node:crypto', 'crypto', 'node:os', 'os'].includes(m))).toEqual([]);
    // of formctl's bundles, the core and the forms group's only (scripts/bundles.mjs)
    expect(mods.filter((m) => /^\.\/(run|cmd-.*)\.js$/.test(m)).sort()).toEqual(['./cmd-forms.js', './run.js']);
  });

  it('forms list with the profile found through HOME alone loads no node:os either (builtin:os is what Node loaded)', async () => {
    const home = join(dir, 'home-only');
    mkdirSync(home);
    const mods = await loaded(['forms', 'list', '-o', 'json'], { HOME: home, FORMCTL_CONFIG_DIR: '', FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    expect(mods).toContain('builtin:http');
    expect(mods.filter((m) => ['node:os', 'os', 'builtin:os'].includes(m))).toEqual([]);
    // the request's quota ledger went where HOME says
    expect(readdirSync(join(home, '.config', 'formctl'))).toContain('ledger');
  });

  it('writing the profile file (auth login) loads no config library: tab-indented JSON, mode 0600, written atomically', async () => {
    const config = join(dir, 'login-config');
    const r = await execa(process.execPath, ['--require', preload, BIN, 'auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'w', '--no-check'], { env: cleanEnv({ RECORD_TO: join(dir, 'login.json'), FORMCTL_CONFIG_DIR: config, DBUS_SESSION_BUS_ADDRESS: NO_BUS }), extendEnv: false, input: `${sb.keys.owner}\n`, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const mods = JSON.parse(readFileSync(join(dir, 'login.json'), 'utf8')) as string[];
    expect(mods.filter((m) => m === 'ajv' || m.startsWith('ajv/'))).toEqual([]);
    const text = readFileSync(join(config, 'config.json'), 'utf8');
    expect(text).toBe(JSON.stringify(JSON.parse(text), undefined, '\t'));
    expect(JSON.parse(text).currentProfile).toBe('w');
    expect(statSync(join(config, 'config.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(config).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it("a group's man page (npm run man writes one per group) loads that group's bundle only", async () => {
    const mods = await loaded(['help', 'reference', '--man', 'forms']);
    expect(mods.filter((m) => /^\.\/(run|cmd-.*)\.js$/.test(m)).sort()).toEqual(['./cmd-forms.js', './run.js']);
  });

  it('doctor with no sandbox data says so without loading the sandbox', async () => {
    // no profile yet: doctor reports problems (exit 1), and the sandbox's data dir has no database
    const mods = await loaded(['doctor', '--offline', '-o', 'json'], { FORMCTL_CONFIG_DIR: join(dir, 'doctor-config') }, true);
    expect(mods).not.toContain('./sandbox.js');
  });

  it('ai draft --from FILE -o json sends no request: no client, no sandbox, no node:os', async () => {
    const saved = join(dir, 'saved-draft.json');
    writeFileSync(saved, JSON.stringify({ title: 'T', shortText: '', locale: 'en', fields: [{ type: 'name', option: { label: 'Name' } }] }));
    const mods = await loaded(['--sandbox', 'ai', 'draft', '--from', saved, '-o', 'json']);
    expect(mods.filter((m) => ['./sandbox.js', 'node:os'].includes(m))).toEqual([]);
  });

  it('submissions list -o json loads neither node:crypto nor node:os (they load for --redact and for writes)', async () => {
    // a form the sandbox does not have: the command's modules are loaded all the same, then it fails (404)
    const mods = await loaded(['submissions', 'list', 'ABCDEFGH', '-o', 'json'], { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner }, true);
    expect(mods.filter((m) => ['node:crypto', 'crypto', 'node:os', 'os'].includes(m))).toEqual([]);
  });

  it('the JMESPath library loads only when --query is given', async () => {
    const mods = await loaded(['forms', 'list', '-o', 'json', '--query', '[].qrId'], { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    expect(mods.filter((m) => HEAVY.some((h) => m === h || m.startsWith(`${h}/`)))).toEqual(['@jmespath-community/jmespath']);
  });

  it('the MCP SDK loads only to serve MCP: not for --print-config, and no other heavy module with it', async () => {
    const env = { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner };
    expect((await loaded(['mcp', '--print-config'], env)).filter((m) => m === './mcp-sdk.js' || m.startsWith('@modelcontextprotocol/'))).toEqual([]);
    const serving = await loaded(['mcp'], env);
    // the SDK's bundle (scripts/build.mjs), on formctl's one zod: no second zod from node_modules, and
    // no ajv (the SDK's validator of elicitation answers loads on first use)
    expect(serving).toContain('./mcp-sdk.js');
    expect(serving.filter((m) => /^(zod|ajv|ajv-formats|zod-to-json-schema|@modelcontextprotocol\/sdk)(\/|$)/.test(m))).toEqual([]);
    // serving loads the schemas (zod) for the tools' inputs; nothing of the sandbox, prompts or tables
    expect(serving.filter((m) => ['./sandbox.js', '@inquirer/prompts', 'cli-table3', 'ora', 'pg'].includes(m))).toEqual([]);
  });
});
