import { execa } from 'execa';
import { createServer, type Server } from 'node:net';
import { existsSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, freePort, runCli, spawnCli, tempDir, waitFor } from '../helpers/cli.js';

// The sandbox's one address: links printed by a --sandbox command keep working after it ends, as soon
// as `formctl sandbox serve` runs; with it running, --sandbox commands use it (what they create is
// live at once).
const dir = tempDir('formctl-links-');
afterAll(() => dir.remove());

function envFor(name: string, port: number) {
  return { FORMCTL_CONFIG_DIR: join(dir.path, name, 'config'), FORMCTL_SANDBOX_DIR: join(dir.path, name, 'sandbox'), FORMCTL_SANDBOX_PORT: String(port) };
}

function serve(env: Record<string, string>, args: string[] = []) {
  const proc = spawnCli(['sandbox', 'serve', ...args], { env });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { proc, output: () => out };
}

describe('sandbox links that open', () => {
  it('an in-process command issues the one address; serve answers it later; while served, commands use it and their links are live at once', async () => {
    const port = await freePort();
    const env = envFor('a', port);
    const created = await runCli(['--sandbox', 'forms', 'create', '--title', 'Dinner', '--field', 'name:Your name*', '-o', 'json'], { env });
    expect(created.exitCode, created.stderr).toBe(0);
    const form = JSON.parse(created.stdout) as { qrId: string; shortUrl: string; qrImage: string };
    expect(form.shortUrl).toBe(`http://127.0.0.1:${port}/s/${form.qrId}`);
    expect(form.qrImage.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
    // off a terminal, no hint on stderr
    expect(created.stderr).toBe('');
    await expect(fetch(form.shortUrl)).rejects.toThrow(); // nothing serves it yet

    const server = serve(env);
    await waitFor(() => server.output().includes('listening on'), 'the sandbox serving');
    expect(server.output()).toContain(`http://127.0.0.1:${port}/v1`);
    const page = await fetch(form.shortUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Dinner');
    const served = JSON.parse(readFileSync(join(env.FORMCTL_SANDBOX_DIR, 'served.json'), 'utf8')) as { pid: number; baseUrl: string };
    expect(served.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);

    // a command while it serves goes through it: the request is in the served sandbox's log
    const second = await runCli(['--sandbox', 'forms', 'create', '--title', 'Lunch', '--field', 'name:Name', '-o', 'json'], { env });
    expect(second.exitCode, second.stderr).toBe(0);
    const lunch = JSON.parse(second.stdout) as { shortUrl: string };
    expect((await fetch(lunch.shortUrl)).status).toBe(200);
    const log = (await (await fetch(`http://127.0.0.1:${port}/_sandbox/requests`)).json()) as { data: Array<{ method: string; path: string }> };
    expect(log.data.some((r) => r.method === 'POST' && r.path === '/v1/forms')).toBe(true);

    // one server per data dir
    const twice = await runCli(['sandbox', 'serve', '--port', '0'], { env });
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toContain(`is already served at http://127.0.0.1:${port} (pid ${served.pid})`);

    server.proc.kill('SIGTERM');
    // stopped cleanly, and as every Unix tool stopped by SIGTERM: 143, with nothing more said
    expect((await server.proc).exitCode).toBe(143);
    expect(server.output()).not.toContain('"status":"failed"');
    expect(existsSync(join(env.FORMCTL_SANDBOX_DIR, 'served.json'))).toBe(false);
    // and the next command runs in-process again, with the same links
    const after = await runCli(['--sandbox', 'forms', 'list', '-o', 'json'], { env });
    expect((JSON.parse(after.stdout) as Array<{ shortUrl: string }>).map((f) => f.shortUrl)).toContain(form.shortUrl);
  });

  it('with -o json, a stop by SIGTERM says nothing on stderr: exit 143 is the whole story', async () => {
    const env = envFor('j', await freePort());
    const proc = spawnCli(['sandbox', 'serve', '--port', '0', '-o', 'json'], { env });
    let out = '';
    let err = '';
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    await waitFor(() => out.includes('\n'), 'the JSON line');
    proc.kill('SIGTERM');
    expect((await proc).exitCode).toBe(143);
    expect(err).toBe('');
  });

  it('a record left by a killed server is ignored', async () => {
    const port = await freePort();
    const env = envFor('b', port);
    const server = serve(env);
    await waitFor(() => server.output().includes('listening on'), 'the sandbox serving');
    server.proc.kill('SIGKILL');
    await server.proc;
    expect(existsSync(join(env.FORMCTL_SANDBOX_DIR, 'served.json'))).toBe(true);
    const r = await runCli(['--sandbox', 'forms', 'list', '-o', 'json'], { env });
    expect([r.exitCode, r.stdout]).toEqual([0, '[]\n']);
  });

  it('a port taken by another program is an error naming --port; a bad FORMCTL_SANDBOX_PORT names the variable', async () => {
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as { port: number }).port;
    try {
      const r = await runCli(['sandbox', 'serve'], { env: envFor('c', port) });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is in use by another program: pass another --port`);
    } finally {
      taken.close();
    }
    const bad = await runCli(['--sandbox', 'forms', 'list'], { env: { ...envFor('c', 1), FORMCTL_SANDBOX_PORT: 'eighty' } });
    expect([bad.exitCode, bad.stderr]).toEqual([2, 'error: FORMCTL_SANDBOX_PORT: expected a port from 1 to 65535, got "eighty"\n']);
  });

  it('the sandbox-port setting moves the address', async () => {
    const env = { ...envFor('d', 1), FORMCTL_SANDBOX_PORT: undefined as unknown as string };
    expect((await runCli(['config', 'set', 'sandbox-port', '70000'], { env })).stderr).toContain('sandbox-port: expected a port from 1 to 65535');
    expect((await runCli(['config', 'set', 'sandbox-port', '4777'], { env })).exitCode).toBe(0);
    const r = await runCli(['--sandbox', 'forms', 'create', '--title', 'Moved', '--field', 'name:Name', '-o', 'json'], { env });
    expect((JSON.parse(r.stdout) as { shortUrl: string }).shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:4777\/s\//);
  });
});

describe('on a terminal', () => {
  /** formctl on a pseudo-terminal (util-linux script); resolves with what the screen showed */
  async function onTerminal(args: string[], env: Record<string, string>): Promise<string> {
    return (await onTerminalRun(args, env)).screen;
  }
  /** the same, with the exit code (script -e passes it on) */
  async function onTerminalRun(args: string[], env: Record<string, string>): Promise<{ screen: string; exitCode: number | undefined }> {
    const command = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const r = await execa('script', ['-qec', `stty cols 120 rows 40; ${command}`, '/dev/null'], { env: cleanEnv({ TERM: 'xterm', ...env }), extendEnv: false, reject: false, input: '' });
    return { screen: String(r.stdout), exitCode: r.exitCode };
  }

  it('says once how the links open; forms open --web starts the browser with the form page', async () => {
    const port = await freePort();
    const env = envFor('e', port);
    const first = await onTerminal(['--sandbox', 'forms', 'create', '--title', 'Hint', '--field', 'name:Name', '-q'], env);
    expect(first).toContain(`Its links (http://127.0.0.1:${port}/…) open while \`formctl sandbox serve\` runs`);
    const qrId = (await runCli(['--sandbox', 'forms', 'list', '-q'], { env })).stdout.trim();
    expect(qrId).toMatch(/^[A-Z0-9]+$/);
    const again = await onTerminal(['--sandbox', 'forms', 'list'], env);
    expect(again).not.toContain('open while');

    const opened = join(dir.path, 'opened.txt');
    const browser = join(dir.path, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > '${opened}'\n`);
    chmodSync(browser, 0o755);
    const web = await onTerminal(['--sandbox', 'forms', 'open', qrId, '--web'], { ...env, BROWSER: browser });
    expect(web).toContain(`Opening http://127.0.0.1:${port}/s/${qrId} in your browser.`);
    expect(web).toContain('this link opens once `formctl sandbox serve` runs');
    await waitFor(() => existsSync(opened) && readFileSync(opened, 'utf8').trim(), 'the browser started');
    expect(readFileSync(opened, 'utf8').trim()).toBe(`http://127.0.0.1:${port}/s/${qrId}`);
  });

  it('forms open --web: BROWSER with arguments (%s the link), an opener that fails is exit 1, CI set opens nothing', async () => {
    const env = envFor('g', await freePort());
    const qrId = (await runCli(['--sandbox', 'forms', 'create', '--title', 'Browsers', '--field', 'name:Name', '-q'], { env })).stdout.trim();
    const args = join(dir.path, 'args.txt');
    const browser = join(dir.path, 'browser-args.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" > '${args}'\n`);
    chmodSync(browser, 0o755);
    const link = new RegExp(`^http://127\\.0\\.0\\.1:\\d+/s/${qrId}$`);
    const withArgs = await onTerminalRun(['--sandbox', 'forms', 'open', qrId, '--web'], { ...env, BROWSER: `${browser} --new-window %s --private` });
    expect(withArgs.exitCode).toBe(0);
    await waitFor(() => existsSync(args) && readFileSync(args, 'utf8').includes('--private'), 'the browser started');
    const got = readFileSync(args, 'utf8').trim().split('\n');
    expect([got[0], got[2], got.length]).toEqual(['--new-window', '--private', 3]);
    expect(got[1]).toMatch(link);
    rmSync(args);
    const appended = await onTerminalRun(['--sandbox', 'forms', 'open', qrId, '--web'], { ...env, BROWSER: `${browser} --new-window` });
    expect(appended.exitCode).toBe(0);
    await waitFor(() => existsSync(args) && readFileSync(args, 'utf8').trim().split('\n').length === 2, 'the browser started');
    expect(readFileSync(args, 'utf8').trim().split('\n')[1]).toMatch(link);
    const failing = await onTerminalRun(['--sandbox', 'forms', 'open', qrId, '--web'], { ...env, BROWSER: 'false' });
    expect(failing.exitCode).toBe(1);
    expect(failing.screen).toMatch(/could not open a browser: \$BROWSER exited with 1; open the link above/);
    expect(failing.screen).not.toMatch(/Opening .* in your browser/);
    const missing = await onTerminalRun(['--sandbox', 'forms', 'open', qrId, '--web'], { ...env, BROWSER: 'no-such-browser-here' });
    expect([missing.exitCode, /\$BROWSER names no command found/.test(missing.screen)]).toEqual([1, true]);
    rmSync(args, { force: true });
    const ci = await onTerminalRun(['--sandbox', 'forms', 'open', qrId, '--web'], { ...env, CI: 'true', BROWSER: browser });
    expect(ci.exitCode).toBe(0);
    expect(ci.screen).toMatch(/CI is set: no browser opened; open the link above/);
    expect(existsSync(args)).toBe(false);
  });

  it('forms open --web in a pipe prints the link and opens nothing', async () => {
    const env = envFor('f', await freePort());
    const qrId = (await runCli(['--sandbox', 'forms', 'create', '--title', 'Piped', '--field', 'name:Name', '-q'], { env })).stdout.trim();
    const opened = join(dir.path, 'never.txt');
    const r = await runCli(['--sandbox', 'forms', 'open', qrId, '--web'], { env: { ...env, BROWSER: `/bin/sh -c 'touch ${opened}'` } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/s/${qrId}\\n$`));
    expect(existsSync(opened)).toBe(false);
  });
});
