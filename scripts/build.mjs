// Bundles the CLI into ONE CommonJS file: our code and commander. CommonJS because Node 20's ESM
// loader alone costs more start-up than the whole budget allows; esbuild wraps each module in a
// lazy initialiser, so a command's code runs only when that command does. Every other package stays
// in node_modules and is loaded on first use (ora, conf, qrcode, better-sqlite3, …), but for zod: one file of its own, dist/zod.js.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundled = new Set(['commander']); // needed by every command: cheaper inside the bundle
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
// The sandbox is a bundle of its own (dist/sandbox.js): the CLI's dynamic imports of its one door,
// src/sandbox/entry.ts, become require('./sandbox.js'), so that commands not using it never read it
const sandboxApart = {
  name: 'sandbox-apart',
  setup(b) {
    b.onResolve({ filter: /sandbox\/entry\.js$/ }, () => ({ path: './sandbox.js', external: true }));
  },
};
// zod as one file of its own (dist/zod.js), shared by the CLI's bundle and the sandbox's: from
// node_modules it is some 65 files to resolve and compile (40 ms of every command that validates
// anything, the sandbox's start among them); one bundle of them loads in a quarter of that
const zodApart = {
  name: 'zod-apart',
  setup(b) {
    b.onResolve({ filter: /^zod\/v4$/ }, () => ({ path: './zod.js', external: true }));
  },
};
// ajv: a development dependency, loaded only by the sandbox's contract checks (tests)
const externalPackages = [...Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter((d) => !bundled.has(d)), 'ajv'];
// dist/main.js: the entry; answers --version, the root help and help topics, else requires run.js
const mainBuild = { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/main.js', external: [...externalPackages, './run.js'] };
await build(mainBuild);
// dist/run.js: the commander tree and every command
await build({ ...common, entryPoints: ['src/cli/run.ts'], outfile: 'dist/run.js', external: externalPackages, plugins: [lazyChildProcess, sandboxApart, zodApart] });
// dist/sandbox.js: the emulator, for sandbox serve, --sandbox and the sandbox's data-dir commands
await build({ ...common, entryPoints: ['src/sandbox/entry.ts'], outfile: 'dist/sandbox.js', external: externalPackages, plugins: [zodApart] });
// dist/zod.js: zod's v4 API, the one copy both bundles require
await build({ ...common, stdin: { contents: "export * from 'zod/v4';", resolveDir: process.cwd(), loader: 'js' }, outfile: 'dist/zod.js' });

// The root help, rendered once from the real commander tree and printed by the entry without
// building the tree (start-up target). 80 columns: commander's width when not on a terminal.
writeFileSync('dist/package.json', '{ "type": "commonjs" }\n'); // dist is CommonJS whatever the root says
const help = execFileSync(process.execPath, ['bin/formctl.js', '--help'], { encoding: 'utf8', env: { ...process.env, FORMCTL_DYNAMIC_HELP: '1', COLUMNS: '80' } });
// the entry again, with the help inside it: `formctl --help` then reads no file but the entry
await build({ ...mainBuild, define: { ...common.define, __FORMCTL_ROOT_HELP__: JSON.stringify(help) } });

// V8's code cache of dist/run.js, made after a typical command ran (forms list against a closed
// loopback port: it builds the client, makes one request, reports the error). See src/cli/main.ts.
const warmDir = mkdtempSync(join(tmpdir(), 'formctl-build-'));
spawnSync(process.execPath, ['bin/formctl.js', 'forms', 'list', '-o', 'json', '--retries', '0'], {
  env: { PATH: process.env.PATH, FORMCTL_WRITE_CODE_CACHE: 'dist/run.js.cache', FORMCTL_CONFIG_DIR: warmDir, FORMCTL_API_KEY: 'fk_build', FORMCTL_BASE_URL: 'http://127.0.0.1:9/v1' },
  stdio: 'ignore',
});
rmSync(warmDir, { recursive: true, force: true });
