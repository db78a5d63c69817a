// Bundles the CLI as CommonJS: dist/main.js (the entry), dist/run.js (the core: the commander root and
// what every command needs), one dist/cmd-<group>.js per command group, dist/sandbox.js, dist/zod.js,
// dist/mcp-sdk.js and dist/sync-worker.js; scripts/bundles.mjs says how they are cut. CommonJS
// because Node 20's ESM loader alone costs more start-up than the whole budget allows; esbuild wraps
// each module in a lazy initialiser, so a command's code runs only when that command does. Every
// other package stays in node_modules and is loaded on first use (ora, qrcode, better-sqlite3, …).
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { coreEntry, fromCore, groupBundleName, groupEntries, otherBundles, sharedModules, UTF8_BUNDLES } from './bundles.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundled = new Set(['commander']); // needed by every command: cheaper inside the bundle
// npm test and npm run bench build first, and npm ci's `prepare` has just built: when dist/ was built
// from these very inputs (every file the build reads, the Node that made the code caches, the
// minify switch), the build is skipped (2 s of every test run). `--force` builds anyway.
const STAMP = 'node_modules/.cache/formctl-build.sha256';
const inputs = ['bin/formctl.js', 'scripts/build.mjs', 'scripts/bundles.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', ...readdirSync('src', { recursive: true }).map((f) => join('src', f)).filter((f) => f.endsWith('.ts')).sort()];
const hash = createHash('sha256').update(`${process.version}\0${process.env.FORMCTL_NO_MINIFY ?? ''}\0`);
for (const f of inputs) if (existsSync(f)) hash.update(`${f}\0`).update(readFileSync(f)).update('\0');
const stamp = hash.digest('hex');
if (!process.argv.includes('--force') && existsSync('dist/run.js') && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp) {
  console.error('dist/ is up to date (built from these sources by this Node): build skipped (npm run build -- --force builds anyway)');
  process.exit(0);
}
rmSync(STAMP, { force: true });
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // FORMCTL_NO_MINIFY=1 npm run build: readable names in --cpu-prof profiles of the start-up
  minify: !process.env.FORMCTL_NO_MINIFY,
  keepNames: false,
  legalComments: 'none',
  // every import() becomes require(): Node >= 20.19 requires ESM-only packages synchronously, and
  // the ESM loader (plus its CommonJS export lexer) never starts
  supported: { 'dynamic-import': false },
  define: { __FORMCTL_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};
// commander requires node:child_process at the top for executable subcommands, which formctl has
// none of: loading it (and the modules it pulls in) costs every run; here it loads on first use
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!src.includes(eager)) throw new Error('commander changed: update the lazy-child-process plugin in scripts/build.mjs');
      return { contents: src.replace(eager, "const childProcess = { get spawn() { return require('node:child_process').spawn; } };"), loader: 'js' };
    });
  },
};
// The MCP SDK as one bundle (dist/mcp-sdk.js) on the one zod every bundle shares: from node_modules
// it loaded a second zod (and zod/v4-mini, whose top-level functions are the classic API's too) and
// ajv, about 100 ms of `formctl mcp`'s start-up. Everything `formctl mcp` runs of the SDK is inside,
// so the SDK is a development dependency: an install does not bring its web servers (express, hono)
// and their dependencies, some 50 packages. Its ajv validator serves elicitation only, which formctl
// never asks for: a stand-in that says so if ever called. MCP_SDK_EXPORTS: every name src/mcp imports
// from the SDK (scripts/bundles.mjs maps the SDK's paths to this bundle).
const MCP_SDK = '@modelcontextprotocol/sdk';
const MCP_SDK_EXPORTS = `export { McpServer, ResourceTemplate } from '${MCP_SDK}/server/mcp.js';
export { ErrorCode, JSONRPCErrorResponseSchema, JSONRPCMessageSchema, JSONRPCNotificationSchema, JSONRPCRequestSchema, JSONRPCResultResponseSchema, McpError } from '${MCP_SDK}/types.js';`;
// a name src/ imports from the SDK that the bundle does not export would be undefined in dist/ alone
// (the stand-in module is CommonJS, so esbuild cannot tell): the build refuses it
function checkMcpSdkExports() {
  const exported = new Set([...MCP_SDK_EXPORTS.matchAll(/export \{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((n) => n.trim())));
  const files = readdirSync('src', { recursive: true }).filter((f) => f.endsWith('.ts')).map((f) => join('src', f));
  const missing = files.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/import \{([^}]*)\} from '@modelcontextprotocol\/sdk\/[^']*'/g)].flatMap((m) =>
      m[1].split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ') && !exported.has(n)).map((n) => `${n} (${f})`)));
  if (missing.length) throw new Error(`scripts/build.mjs MCP_SDK_EXPORTS lacks what src/ imports from the MCP SDK: ${missing.join(', ')}`);
}
checkMcpSdkExports();
const mcpSdkInside = {
  name: 'mcp-sdk-inside',
  setup(b) {
    let ajvStandIn = 0;
    b.onResolve({ filter: /^zod(\/v4-mini)?$/ }, () => ({ path: 'zod.js', namespace: 'bundle' }));
    // the SDK's zod 3 path (zod 3 itself and zod-to-json-schema, more than half of the bundle) only
    // serves zod 3 schemas, and every schema of formctl is zod 4: stand-ins that say so if ever called
    b.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, (args) => ({ path: args.path, namespace: 'zod3-unused' }));
    b.onLoad({ filter: /.*/, namespace: 'zod3-unused' }, (args) => ({
      contents: `const unused = () => { throw new Error("formctl's schemas are zod 4: the MCP SDK's zod 3 path (${args.path}) is not in formctl's bundle"); };
export { unused as ${args.path === 'zod/v3' ? 'object' : 'zodToJsonSchema'} };`,
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\.\/validation\/ajv-provider\.js$/ }, (args) => (/[\\/]sdk[\\/]dist[\\/]esm[\\/]server[\\/]index\.js$/.test(args.importer) ? (ajvStandIn++, { path: 'ajv-provider', namespace: 'no-elicitation' }) : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-elicitation' }, () => ({
      contents: `export class AjvJsonSchemaValidator { getValidator() { throw new Error("formctl's MCP server asks for no elicitation: the MCP SDK's JSON Schema validator is not in formctl's bundle"); } }`,
      loader: 'js',
    }));
    b.onEnd(() => {
      if (!ajvStandIn) throw new Error('the MCP SDK changed: update the mcp-sdk-inside plugin in scripts/build.mjs');
    });
  },
};
// ajv: a development dependency, loaded only by the sandbox's contract checks (tests)
const externalPackages = [...Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter((d) => !bundled.has(d)), 'ajv'];
// dist/main.js: the entry; answers the help topics, else loads run.js. dist/quick.js: what bin/formctl.js
// loads for --version or --help alone (src/cli/quick.ts)
const mainBuild = { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/main.js', external: externalPackages };
const quickBuild = { ...common, entryPoints: ['src/cli/quick.ts'], outfile: 'dist/quick.js', external: externalPackages };
await Promise.all([build(mainBuild), build(quickBuild)]);
// dist/run.js, the core, and dist/cmd-<group>.js, one per command group (scripts/bundles.mjs)
const cli = { ...common, external: externalPackages };
const shared = await sharedModules(cli, [lazyChildProcess]);
await build({ ...cli, stdin: { contents: coreEntry(shared), resolveDir: process.cwd(), sourcefile: 'core.js', loader: 'js' }, outfile: 'dist/run.js', plugins: [lazyChildProcess, otherBundles()] });
await Promise.all(groupEntries().map((entry) => build({ ...cli, entryPoints: [entry], outfile: `dist/${groupBundleName(entry)}`, plugins: [fromCore(shared), otherBundles()] })));
// dist/sandbox.js: the emulator, for sandbox serve, --sandbox and the sandbox's data-dir commands; the
// modules it shares with the core come from the core, as a group's do
await build({ ...cli, entryPoints: ['src/sandbox/entry.ts'], outfile: 'dist/sandbox.js', plugins: [fromCore(shared), otherBundles()] });
// dist/mcp-sdk.js: what formctl uses of the MCP SDK (src/mcp), for `formctl mcp` only
await build({ ...cli, external: externalPackages.filter((d) => d !== MCP_SDK), stdin: { contents: MCP_SDK_EXPORTS, resolveDir: process.cwd(), loader: 'js' }, outfile: 'dist/mcp-sdk.js', plugins: [mcpSdkInside, otherBundles()] });
// dist/sync-worker.js: the worker thread of sync's SQLite sink (src/commands/submissions/syncWorker.ts)
await build({ ...cli, entryPoints: ['src/commands/submissions/syncWorker.ts'], outfile: 'dist/sync-worker.js', plugins: [otherBundles()] });
// dist/zod.js: zod's v4 API, the one copy every bundle loads: from node_modules it is some 65 files
// to resolve and compile (40 ms of every command that validates anything); one bundle loads in a quarter of that
// Its messages in English only: the other locales are more than half of zod's code, and nothing
// here switches zod's locale (formctl words its own messages)
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: "export { default as en } from './en.js';", loader: 'js' }));
  },
};
await build({ ...common, stdin: { contents: "export * from 'zod/v4';", resolveDir: process.cwd(), loader: 'js' }, outfile: 'dist/zod.js', plugins: [zodEnglishOnly] });
// the CLI's bundles are ASCII (esbuild escapes the rest but in regular expressions), so that
// src/cli/bundle.ts may read them as latin1 (unminified, comments keep theirs: harmless)
for (const f of readdirSync('dist').filter((f) => common.minify && f.endsWith('.js') && !UTF8_BUNDLES.has(f))) {
  if (/[^\x00-\x7f]/.test(readFileSync(`dist/${f}`, 'latin1'))) throw new Error(`dist/${f} is not ASCII: write the character as an escape (\\u…) in its source`);
}

// The root help, rendered once from the real commander tree and printed by dist/quick.js without
// building the tree (start-up target), rendered by the first build of it, which has none inside it
// yet and so goes on to main.js. 80 columns: commander's width when not on a terminal.
writeFileSync('dist/package.json', '{ "type": "commonjs" }\n'); // dist is CommonJS whatever the root says
const help = execFileSync(process.execPath, ['bin/formctl.js', '--help'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });
// quick.js again, with the help inside it: `formctl --help` then reads no other file
await build({ ...quickBuild, define: { ...common.define, __FORMCTL_ROOT_HELP__: JSON.stringify(help) } });

// V8's code caches of the bundles (src/cli/bundle.ts), each made after a typical command ran: first
// a successful `forms list` against the embedded sandbox (the client, one request, the answer
// decoded and printed, the form-id cache), which caches the core, the forms group, the sandbox and
// zod; then `mcp`, which serves a session read from its stdin (the SDK's code as a session runs it),
// then each other group's help. A bundle keeps the cache of the first run that loaded it.
const warmDir = mkdtempSync(join(tmpdir(), 'formctl-build-'));
const warmEnv = { PATH: process.env.PATH, FORMCTL_WRITE_CODE_CACHE: '1', FORMCTL_CONFIG_DIR: warmDir, FORMCTL_SANDBOX_DIR: join(warmDir, 'sandbox') };
const mcpSession = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'build', version: pkg.version } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
].map((m) => `${JSON.stringify(m)}\n`).join('');
const warmUps = [['--sandbox', 'forms', 'list', '-o', 'json'], ['mcp'], ...groupEntries().filter((e) => !e.includes('/mcp/')).map((e) => /dynamicIndex/.test(e) ? ['__complete', 'forms'] : [e.split('/')[2], '--help'])];
for (const argv of warmUps) {
  const warm = (a) => spawnSync(process.execPath, ['bin/formctl.js', ...a], { env: warmEnv, stdio: 'pipe', input: a[0] === 'mcp' ? mcpSession : '', timeout: 60_000 });
  let r = warm(argv);
  // no SQLite on this Node (20 without a built better-sqlite3): the build still ends, the caches made
  // without the sandbox, and it says what the embedded sandbox needs
  if (r.status !== 0 && argv[0] === '--sandbox' && /SQLite is not available/.test(String(r.stderr))) {
    process.stderr.write(`formctl build: the embedded sandbox cannot run on this Node.js (${process.version}): ${String(r.stderr).replace(/^error: /, '').trim()}\n  Node 22.13 or newer has SQLite built in; on Node 20, better-sqlite3 builds with python3, make and g++ and Node's headers (offline: npm_config_nodedir set to a Node source or headers directory, the one holding include/node, then npm ci again: npm leaves out an optional dependency that failed to build, so npm rebuild has none to rebuild).\n`);
    r = warm(['forms', 'list', '--help']);
  }
  if (r.status !== 0) {
    process.stderr.write(`formctl build: the warm-up run \`formctl ${argv.join(' ')}\` failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}):\n${String(r.stderr).slice(0, 500)}\n`);
    rmSync(warmDir, { recursive: true, force: true });
    process.exit(1);
  }
}
rmSync(warmDir, { recursive: true, force: true });
mkdirSync('node_modules/.cache', { recursive: true });
writeFileSync(STAMP, stamp);
