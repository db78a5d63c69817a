import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

// The package as users get it: npm pack, installed into a temporary prefix (the native SQLite build
// included), then the installed binary run with no account.
const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'formctl-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm pack → install → run', () => {
  it('installs from the tarball and runs --version, --help and a --sandbox round trip; ships only what it needs', async () => {
    // asynchronous: the install takes minutes (the native SQLite build), and the test worker must stay responsive
    // --ignore-scripts: npm pack would run `prepare`, which rebuilds dist/ in place while the other
    // end-to-end files run the binary (they failed with "Cannot find module ../dist/main.js");
    // npm test built dist/ already, and that build is what gets packed
    const name = (await execa('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], { cwd: root })).stdout.trim().split('\n').pop()!;
    const tarball = join(dir, name);
    const size = statSync(tarball).size;
    process.stdout.write(`\npackage tarball: ${name}, ${(size / 1024).toFixed(0)} KiB\n`);
    expect(size).toBeLessThan(1024 * 1024);
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    expect(files.filter((f) => /^package\/(src|test|bench|scripts)\//.test(f) && f !== 'package/scripts/postinstall.cjs')).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package/bin/formctl.js', 'package/dist/main.js', 'package/dist/run.js', 'package/man/formctl.1', 'package/completions/formctl.bash']));
    const prefix = join(dir, 'prefix');
    await execa('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball]);
    const bin = join(prefix, 'bin', 'formctl');
    const env = { PATH: process.env.PATH, HOME: dir, FORMCTL_CONFIG_DIR: join(dir, 'config'), FORMCTL_SANDBOX_DIR: join(dir, 'sandbox'), NO_COLOR: '1' };
    const pkg = JSON.parse(execFileSync('cat', [join(root, 'package.json')], { encoding: 'utf8' })) as { version: string };
    expect(execFileSync(bin, ['--version'], { env, encoding: 'utf8' }).trim()).toBe(pkg.version);
    expect(execFileSync(bin, ['--help'], { env, encoding: 'utf8' })).toContain('Usage: formctl');
    const qrId = execFileSync(bin, ['--sandbox', 'forms', 'create', '--title', 'Packed', '--field', 'email:E-mail*', '-q'], { env, encoding: 'utf8' }).trim();
    expect(qrId).toMatch(/^[A-Z0-9]+$/);
    const listed = JSON.parse(execFileSync(bin, ['--sandbox', 'forms', 'list', '-o', 'json'], { env, encoding: 'utf8' }));
    expect(listed.map((f: { qrId: string }) => f.qrId)).toContain(qrId);
    // npm puts the man pages where man finds them
    expect(readdirSync(join(prefix, 'share', 'man', 'man1'))).toContain('formctl.1');
    // and the package's postinstall puts the completion scripts where the shells look for that prefix
    // (test/e2e/completion-install.test.ts has each shell find them)
    for (const [file, installed] of [['formctl.bash', 'bash-completion/completions/formctl'], ['_formctl', 'zsh/site-functions/_formctl'], ['formctl.fish', 'fish/vendor_completions.d/formctl.fish']]) {
      expect(readFileSync(join(prefix, 'share', installed!), 'utf8')).toBe(readFileSync(join(root, 'completions', file!), 'utf8'));
    }
  }, 600_000);
});
