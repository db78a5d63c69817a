// How the CLI is cut into bundles (scripts/build.mjs builds them):
//
// - dist/run.js, the core: the commander root (src/cli/run.ts) and every module it needs, plus every
//   module two command groups share, exported lazily through `__shared` (a module's code runs when
//   first asked for, as everywhere in an esbuild bundle);
// - dist/cmd-<group>.js, one per command group (src/commands/<group>/index.ts): the group's own
//   modules; a module it shares with the core or another group is taken from the core's `__shared`,
//   so that every module exists once per process (the run's state, caches, classes for instanceof);
// - dist/sandbox.js (the emulator), which also takes the modules it shares with the core (the
//   contract's schemas, the form rules) from `__shared`: an embedded sandbox and the command that
//   started it build them once, not once each (`--sandbox forms create`: 159 → 142 ms of CPU);
// - dist/zod.js (zod, one copy for all), dist/mcp-sdk.js (the MCP SDK, for `formctl mcp`) and
//   dist/sync-worker.js (the worker thread of sync's SQLite sink, required by that thread, which
//   reaches only the SQLite module of dist/sandbox.js, and so never the core).
//
// Every bundle but dist/main.js, dist/quick.js and dist/sync-worker.js is loaded through src/cli/bundle.ts (V8's code
// cache): `formctl forms list` reads and compiles the core and cmd-forms.js, not the code of the
// sixteen other groups.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bundleTs = join(root, 'src/cli/bundle.ts');
const key = (p) => relative(root, p).split('\\').join('/');

/** The group modules run.ts imports (`src/commands/<group>/<file>.ts`), each a bundle of its own. */
export function groupEntries() {
  return readdirSync(join(root, 'src/commands'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(root, 'src/commands', d.name)).filter((f) => /^(index|dynamicIndex)\.ts$/.test(f)).map((f) => `src/commands/${d.name}/${f}`));
}

/** dist/cmd-forms.js for src/commands/forms/index.ts; cmd-completion-dynamicIndex.js for its other door */
export const groupBundleName = (entry) => `cmd-${entry.replace(/^src\/commands\//, '').replace(/\.ts$/, '').replace(/\/index$/, '').replace(/\//g, '-')}.js`;

/** the bundles the build does not keep ASCII (the sandbox's: the drafter's patterns), read as utf8 */
export const UTF8_BUNDLES = new Set(['sandbox.js']);

/** `module.exports` of the bundle `name` (in dist/), loaded through the code cache */
const loadThrough = (name) =>
  `module.exports = require(${JSON.stringify(bundleTs)}).loadBundle(require('node:path').join(__dirname, ${JSON.stringify(name)}), ${JSON.stringify(UTF8_BUNDLES.has(name) ? 'utf8' : 'latin1')});`;

/**
 * Imports of other bundles become loadBundle calls: the sandbox's one door, zod, the MCP SDK and (from
 * run.ts) the command groups.
 */
export function otherBundles() {
  return {
    name: 'other-bundles',
    setup(b) {
      b.onResolve({ filter: /sandbox\/entry\.js$/ }, () => ({ path: 'sandbox.js', namespace: 'bundle' }));
      b.onResolve({ filter: /^zod\/v4$/ }, () => ({ path: 'zod.js', namespace: 'bundle' }));
      // src/mcp's imports of the SDK (scripts/build.mjs, MCP_SDK_EXPORTS); not the bundle's own
      b.onResolve({ filter: /^@modelcontextprotocol\/sdk\// }, (args) => (args.importer.startsWith(join(root, 'src')) ? { path: 'mcp-sdk.js', namespace: 'bundle' } : undefined));
      // (only run.ts imports them)
      b.onResolve({ filter: /\/commands\/[^/]+\/(index|dynamicIndex)\.js$/ }, (args) => {
        if (!args.importer.endsWith(join('src', 'cli', 'run.ts'))) return undefined;
        const entry = key(resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')));
        return { path: groupBundleName(entry), namespace: 'bundle' };
      });
      b.onLoad({ filter: /.*/, namespace: 'bundle' }, (args) => ({ contents: loadThrough(args.path), loader: 'js', resolveDir: root }));
    },
  };
}

/**
 * Inside a group's bundle (and the sandbox's), an import of a module in `shared` becomes that module
 * taken from the core's registry (dist/run.js, which main.js loaded: require's cache hands it back).
 */
export function fromCore(shared) {
  return {
    name: 'from-core',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        // from a source file, or from a stand-in for another bundle (its loader, src/cli/bundle.ts)
        if (args.kind === 'entry-point' || !['file', 'bundle'].includes(args.namespace) || args.pluginData?.own) return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { own: true } });
        if (r.errors.length || r.external || r.namespace !== 'file') return undefined;
        const k = key(r.path);
        // not named .mjs, which would make esbuild read the stand-in as ESM
        return shared.has(k) ? { path: `${k}.core`, namespace: 'core' } : undefined;
      });
      b.onResolve({ filter: /^\.\/run\.js$/, namespace: 'core' }, () => ({ path: './run.js', external: true }));
      b.onLoad({ filter: /.*/, namespace: 'core' }, (args) => ({ contents: `module.exports = require('./run.js').__shared[${JSON.stringify(args.path.replace(/\.core$/, ''))}]();`, loader: 'js' }));
    },
  };
}

/** The modules each entry's bundle would hold (paths from the repository's root), in one build. */
async function inputsOf(options) {
  const r = await build({ ...options, outdir: 'dist', write: false, metafile: true, minify: false });
  return Object.values(r.metafile.outputs).map((o) => new Set(Object.keys(o.inputs).filter((k) => !k.includes(':'))));
}

/**
 * The modules the core must hold: those run.ts reaches, and those two or more groups use. A module
 * only one group uses stays in that group's bundle.
 */
export async function sharedModules(common, plugins) {
  const [core] = await inputsOf({ ...common, entryPoints: ['src/cli/run.ts'], plugins: [...plugins, otherBundles()] });
  const uses = new Map();
  for (const group of await inputsOf({ ...common, entryPoints: groupEntries(), plugins: [...plugins, otherBundles()] })) {
    for (const m of group) uses.set(m, (uses.get(m) ?? 0) + 1);
  }
  const shared = new Set(core);
  for (const [m, n] of uses) if (n > 1) shared.add(m);
  return shared;
}

/** The core's entry: run.ts's exports, and `__shared`, each shared module behind a function. */
export function coreEntry(shared) {
  const lines = [...shared].sort().map((m) => `  ${JSON.stringify(m)}: () => require(${JSON.stringify(`./${m}`)}),`);
  return `export * from './src/cli/run.ts';\nexport const __shared = {\n${lines.join('\n')}\n};\n`;
}
