import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The bundles npm run build wrote (scripts/bundles.mjs) and their V8 code caches (src/cli/bundle.ts).
const dist = resolve(import.meta.dirname, '../../dist');

describe('the built bundles (npm run build)', () => {
  const caches = readdirSync(dist).filter((f) => f.endsWith('.js.cache'));
  // written by the build's warm-up runs (FORMCTL_WRITE_CODE_CACHE)
  it('every bundle but the entry has a code cache', () => {
    // main.js and quick.js are what bin/formctl.js requires; sync-worker.js is what a worker thread requires
    const bundles = readdirSync(dist).filter((f) => f.endsWith('.js') && !['main.js', 'quick.js', 'sync-worker.js'].includes(f));
    expect(caches.map((c) => c.replace(/\.cache$/, '')).sort()).toEqual(bundles.sort());
  });

  it('V8 accepts every cache on this Node (a cache that does not fit is compile time lost on every run)', () => {
    const check = `const fs=require('fs'),vm=require('vm'),M=require('module');for (const c of ${JSON.stringify(caches)}) { const f=require('path').join(${JSON.stringify(dist)}, c.slice(0, -6)); const s=new vm.Script(M.wrap(fs.readFileSync(f,'utf8')),{filename:f,cachedData:fs.readFileSync(f+'.cache')}); if (s.cachedDataRejected) console.log(c); }`;
    const r = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
  });

  // one copy of a module per process (scripts/bundles.mjs): an embedded sandbox builds the contract's
  // schemas that the command beside it built already, when it holds a copy of its own
  it('the sandbox takes the modules it shares with the core from the core', () => {
    const sandbox = readFileSync(resolve(dist, 'sandbox.js'), 'utf8');
    const fromCore = new Set([...sandbox.matchAll(/__shared\["([^"]+)"\]/g)].map((m) => m[1]));
    for (const m of ['src/domain/contract/schemas.ts', 'src/domain/contract/operations.ts', 'src/domain/form.ts']) expect(fromCore).toContain(m);
  });
});
