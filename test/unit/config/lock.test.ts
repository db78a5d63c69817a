import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withFileLock } from '../../../src/config/lock.js';

const dir = mkdtempSync(join(tmpdir(), 'formctl-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the config lock', () => {
  it('serialises holders in one process and leaves no file behind', async () => {
    const path = join(dir, 'a.lock');
    let inside = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 12 }, () => withFileLock(path, async () => {
      most = Math.max(most, ++inside);
      await new Promise((r) => setImmediate(r));
      inside--;
    })));
    expect(most).toBe(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('a.lock'))).toEqual([]);
  });

  it('takes over the lock of an owner that died (and an empty one), but waits for a live owner', async () => {
    const path = join(dir, 'b.lock');
    writeFileSync(path, '999999999');
    expect(await withFileLock(path, async () => 'dead owner')).toBe('dead owner');
    writeFileSync(path, '');
    expect(await withFileLock(path, async () => 'empty')).toBe('empty');
    writeFileSync(path, String(process.ppid)); // a live process
    let got = false;
    const waiting = withFileLock(path, async () => void (got = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toBe(false);
    rmSync(path);
    await waiting;
    expect(got).toBe(true);
    expect(existsSync(path)).toBe(false);
  });
});
