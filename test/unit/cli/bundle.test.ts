import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../../../src/cli/bundle.js';

const dir = mkdtempSync(join(tmpdir(), 'formctl-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const requireHere = createRequire(import.meta.url);

function bundle(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

describe('loadBundle (formctl bundles through V8 code cache)', () => {
  it('runs a bundle once per process and hands the same module to require', () => {
    const file = bundle('once.js', 'globalThis.__formctlRuns = (globalThis.__formctlRuns ?? 0) + 1; module.exports = { name: __filename, dir: __dirname };');
    const a = loadBundle(file) as { name: string; dir: string };
    expect(a).toEqual({ name: file, dir });
    expect(loadBundle(file)).toBe(a);
    // a group bundle's require('./run.js') gets the module main.js loaded, not a second copy
    expect(requireHere(file)).toBe(a);
    expect((globalThis as { __formctlRuns?: number }).__formctlRuns).toBe(1);
  });

  it('a cache older than its bundle is not read, and one V8 rejects only costs a compile', () => {
    const stale = bundle('stale.js', 'module.exports = 41 + 1;');
    writeFileSync(`${stale}.cache`, 'not a code cache');
    utimesSync(`${stale}.cache`, new Date(0), new Date(0));
    expect(loadBundle(stale)).toBe(42);
    const bad = bundle('bad.js', 'module.exports = "still runs";');
    writeFileSync(`${bad}.cache`, 'not a code cache either');
    expect(loadBundle(bad)).toBe('still runs');
  });

  it('a bundle that throws is not left half-loaded in require\'s cache', () => {
    const file = bundle('throws.js', 'throw new Error("broken bundle");');
    expect(() => loadBundle(file)).toThrow('broken bundle');
    expect(requireHere.cache[file]).toBeUndefined();
  });
});
