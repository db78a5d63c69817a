import { existsSync, lstatSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../helpers/cli.js';

// The random part of the temporary name, made predictable: the test can plant a file or a symlink at
// exactly the name openTempFile will try first. atomicFile loads node:crypto on first use (with
// require, off the start-up path), so the spy goes on the module object that require returns.
const randomParts: string[] = [];
const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
const realRandomBytes = crypto.randomBytes.bind(crypto);
vi.spyOn(crypto, 'randomBytes').mockImplementation(((n: number) => (randomParts.length ? Buffer.from(randomParts.shift()!, 'hex') : realRandomBytes(n))) as typeof crypto.randomBytes);
afterAll(() => vi.restoreAllMocks());
const { openTempFile, writeFileAtomic } = await import('../../../src/io/atomicFile.js');

const tmp = tempDir();
afterAll(() => tmp.remove());
afterEach(() => void (randomParts.length = 0));

describe('openTempFile', () => {
  it('never opens a name planted in advance, a symlink to another file included: it takes another random name', () => {
    const victim = `${tmp.path}/victim.txt`;
    writeFileSync(victim, 'keep me');
    const target = `${tmp.path}/out.csv`;
    const planted = `${tmp.path}/.out.csv.${process.pid}.aaaaaaaaaaaa.part`;
    symlinkSync(victim, planted);
    randomParts.push('aaaaaaaaaaaa', 'bbbbbbbbbbbb');
    writeFileAtomic(target, 'new data');
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(readlinkSync(planted)).toBe(victim);
    expect(readFileSync(target, 'utf8')).toBe('new data');
    expect(lstatSync(target).isSymbolicLink()).toBe(false);
  });

  it('retries with another name when a regular file already holds the exact name', () => {
    const target = `${tmp.path}/again.csv`;
    const taken = `${tmp.path}/.again.csv.${process.pid}.cccccccccccc.part`;
    writeFileSync(taken, 'someone else');
    randomParts.push('cccccccccccc', 'dddddddddddd');
    const { temp } = openTempFile(target, 0o600);
    expect(temp).toBe(`${tmp.path}/.again.csv.${process.pid}.dddddddddddd.part`);
    expect(readFileSync(taken, 'utf8')).toBe('someone else');
    expect((lstatSync(temp).mode & 0o777)).toBe(0o600);
    expect(existsSync(temp)).toBe(true);
  });
});
