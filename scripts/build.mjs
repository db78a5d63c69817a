// Bundles the CLI with code splitting: the entry chunk holds only the commander tree, and every
// command body, the sandbox and heavy libraries load lazily (start-up is a benchmark target).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { 'cli/main': 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // native addon: must stay a real require of the installed package
  external: ['better-sqlite3'],
  define: { __FORMCTL_VERSION__: JSON.stringify(pkg.version) },
  banner: {
    js: "import { createRequire as __formctlCreateRequire } from 'node:module'; const require = __formctlCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
