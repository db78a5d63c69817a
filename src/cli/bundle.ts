// Loading formctl's own bundles (dist/*.js) through V8's code cache. Node 20 has no compile cache of
// its own, and compiling a bundle is most of a command's start-up; the build (scripts/build.mjs)
// writes `<bundle>.cache` after warm-up runs. A loaded bundle goes into require's cache under its
// file name, so that the group bundles' require('./run.js') gets the very module main.js loaded.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** the bundles this process loaded, for FORMCTL_WRITE_CODE_CACHE */
const loaded: Array<{ file: string; script: import('node:vm').Script }> = [];

/**
 * The exports of the bundle `file` (an absolute path), loaded once per process. A cache older than
 * the bundle is not used (V8 checks little more than the source length); one V8 rejects (another
 * Node version) just means an ordinary compile. The build keeps the CLI's bundles ASCII, which latin1
 * reads as they are, faster than utf8; the sandbox's (its drafter's patterns) is `utf8`.
 */
export function loadBundle(file: string, encoding: 'latin1' | 'utf8' = 'latin1'): unknown {
  const known = require.cache[file];
  if (known) return known.exports;
  const { Script } = require('node:vm') as typeof import('node:vm');
  const nodeModule = require('node:module') as typeof import('node:module') & { wrap(source: string): string };
  let script: import('node:vm').Script;
  try {
    let cachedData: Buffer | undefined;
    try {
      if (statSync(`${file}.cache`).mtimeMs >= statSync(file).mtimeMs) cachedData = readFileSync(`${file}.cache`);
    } catch { /* no cache: compile normally */ }
    script = new Script(nodeModule.wrap(readFileSync(file, encoding)), { filename: file, cachedData });
  } catch {
    return require(file) as unknown;
  }
  const mod = new nodeModule.Module(file);
  mod.filename = file;
  require.cache[file] = mod;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, nodeModule.createRequire(file), mod, file, dirname(file));
  } catch (err) {
    delete require.cache[file];
    throw err;
  }
  mod.loaded = true;
  if (process.env.FORMCTL_WRITE_CODE_CACHE) rememberForCache(file, script);
  return mod.exports;
}

/**
 * The build's warm-up runs: at exit (after the command ran, so the functions it compiled are in the
 * cache too), each bundle loaded gets a cache, unless an earlier warm-up wrote one.
 */
function rememberForCache(file: string, script: import('node:vm').Script): void {
  if (loaded.length === 0) {
    process.once('exit', () => {
      for (const b of loaded) {
        try {
          writeFileSync(`${b.file}.cache`, b.script.createCachedData(), { flag: 'wx' });
        } catch { /* written by an earlier warm-up */ }
      }
    });
  }
  loaded.push({ file, script });
}
