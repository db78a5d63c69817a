import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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
});
