import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserCommand } from '../../../src/cmdutil/browser.js';

// $BROWSER is the person's command line; the link is the service's text: it reaches the shell as an
// argument, never as part of the line, however %s is quoted.
const dir = mkdtempSync(join(tmpdir(), 'formctl-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('browserCommand', () => {
  const rec = join(dir, 'rec.sh');
  const got = join(dir, 'got.txt');
  const pwned = join(dir, 'pwned');
  writeFileSync(rec, `#!/bin/sh\nprintf '%s\\n' "$@" > '${got}'\n`);
  chmodSync(rec, 0o755);
  const hostile = `http://127.0.0.1:4010/s/AB12;touch${'${IFS}'}${pwned};$(touch${'${IFS}'}${pwned})\`touch${'${IFS}'}${pwned}\``;

  it.each([
    [`${rec} --new-window`, ['--new-window', hostile]],
    [`${rec} %s --private`, [hostile, '--private']],
    [`${rec} "%s"`, [hostile]],
    [`${rec} '%s'`, [hostile]],
    [`${rec} --url='%s'`, [`--url=${hostile}`]],
  ])('BROWSER=%s runs no part of the link', (browser, args) => {
    rmSync(got, { force: true });
    const cmd = browserCommand({ BROWSER: browser }, hostile, 'linux');
    execFileSync(cmd.file, cmd.args);
    expect(existsSync(pwned)).toBe(false);
    expect(readFileSync(got, 'utf8').trimEnd().split('\n')).toEqual(args);
  });

  it('FORMCTL_BROWSER wins; without either, the system opener gets the link as its argument', () => {
    expect(browserCommand({ FORMCTL_BROWSER: 'a', BROWSER: 'b' }, 'http://x', 'linux').args[1]).toBe('a "$1"');
    expect(browserCommand({}, 'http://x', 'linux')).toMatchObject({ file: 'xdg-open', args: ['http://x'] });
    expect(browserCommand({}, 'http://x', 'darwin')).toMatchObject({ file: 'open', args: ['http://x'] });
    expect(browserCommand({ BROWSER: 'chrome.exe' }, 'http://x', 'win32')).toMatchObject({ file: 'chrome.exe', args: ['http://x'] });
  });
});
