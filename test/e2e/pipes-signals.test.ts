import { execa, type Options } from 'execa';
import { closeSync, existsSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
let qrId: string;
const tmp = tempDir();
const env = () => ({ FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_CONFIG_DIR: sb.configDir });

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'enterprise']);
  qrId = (await sb.cli(['forms', 'create', '--title', 'Pipes', '--field', 'shortText:Note', '-q'])).stdout.trim();
  await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 1000 });
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

/** `formctl … | head -N` in a real shell: formctl's exit code, head's output, formctl's stderr. */
async function piped(args: string[], lines = 1) {
  const quoted = ['node', BIN, ...args].map((a) => `'${a}'`).join(' ');
  // --norc: with a pipe for stdin bash would read ~/.bashrc (test/helpers/docShell.ts)
  const r = await execa('bash', ['--norc', '-c', `${quoted} 2>"$ERR" | head -${lines}; echo "\${PIPESTATUS[0]}" > "$CODE"`], {
    env: cleanEnv({ ...env(), ERR: `${tmp.path}/err`, CODE: `${tmp.path}/code` }), extendEnv: false, reject: false,
  });
  const { readFileSync } = await import('node:fs');
  return { out: r.stdout, stderr: readFileSync(`${tmp.path}/err`, 'utf8'), exitCode: Number(readFileSync(`${tmp.path}/code`, 'utf8')) };
}

describe('a closed stdout ends the command quietly (exit 141, as SIGPIPE)', () => {
  /** the pages of the form's submissions asked for since `since` (1,000 rows: 10 pages) */
  const pagesAsked = async (since: number) => (await sb.requestsSince(since)).filter((q) => q.method === 'GET' && q.path.startsWith(`/v1/forms/${qrId}/submissions`)).length;

  it('submissions list --all -o jsonl | head -1: the pages not written are not fetched', async () => {
    for (const format of ['jsonl', 'csv', 'json']) {
      const since = await sb.lastRequestId();
      const r = await piped(['submissions', 'list', qrId, '--all', '-o', format]);
      if (format === 'jsonl') expect(JSON.parse(r.out).qrId).toBe(qrId);
      expect([r.exitCode, r.stderr], format).toEqual([141, '']);
      // 200 KB and more of output: a pipe holds 64 KB, so the walk stops well before its 10th page
      const asked = await pagesAsked(since);
      expect(asked, format).toBeGreaterThanOrEqual(1);
      expect(asked, format).toBeLessThan(10);
    }
  });
  it('forms list --all, and submissions list --all as a table (written once all pages came), end quietly too', async () => {
    // one form: its whole list may be written before head closes the pipe (exit 0)
    for (const args of [['forms', 'list', '--all', '-o', 'jsonl'], ['submissions', 'list', qrId, '--all', '-o', 'table']]) {
      const r = await piped(args);
      expect(r.stderr, args.join(' ')).toBe('');
      expect([0, 141], args.join(' ')).toContain(r.exitCode);
    }
  });
  it('submissions list --all (JSON) | head -1, and export | head -2', async () => {
    for (const [args, n] of [[['submissions', 'list', qrId, '--all'], 1], [['submissions', 'export', qrId], 2]] as const) {
      const r = await piped([...args], n);
      expect(r.out.split('\n')).toHaveLength(n);
      // quietly: nothing but the cost said up front (export), no error
      expect(r.stderr.replace(/^[\d,]+ submissions: [\d,]+ requests of the monthly quota.*\n/m, ''), args.join(' ')).toBe('');
      expect(r.exitCode, args.join(' ')).toBe(141);
    }
  });
});

describe('a full disk is one line, exit 1', () => {
  const toFull = async (format: string) => {
    const fd = openSync('/dev/full', 'w');
    try {
      return await execa('node', [BIN, 'forms', 'list', '-o', format], { env: cleanEnv(env()), extendEnv: false, reject: false, stdout: fd } as Options);
    } finally {
      closeSync(fd);
    }
  };
  it('forms list -o csv > /dev/full', async () => {
    const r = await toFull('csv');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('error: cannot write the output: no space left on device (ENOSPC)');
  });
  it('forms list -o json > /dev/full: the same failure as one JSON object', async () => {
    const r = await toFull('json');
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(String(r.stderr))).toEqual({ status: 'failed', message: 'cannot write the output: no space left on device (ENOSPC)', code: 0, data: {}, exitCode: 1, kind: 'output' });
  });
});

describe('signals', () => {
  it('SIGTERM during an export (a CI timeout) leaves no temporary file and keeps the checkpoint (exit 143)', async () => {
    const dir = `${tmp.path}/nightly`;
    (await import('node:fs')).mkdirSync(dir);
    const cp = `${tmp.path}/nightly.ckpt`;
    const checkpoint = JSON.stringify({ version: 1, qrId, newestCreatedAt: '2000-01-01T00:00:00.000Z', idsAtNewest: [], exported: 0, updatedAt: '2000-01-01T00:00:00.000Z' });
    writeFileSync(cp, checkpoint);
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=1000,route=GET /forms/${qrId}/submissions` });
    try {
      const child = spawnCli(['submissions', 'export', qrId, '--out', `${dir}/out.csv`, '--checkpoint', cp, '--concurrency', '1'], { env: env() });
      let said = '';
      child.stderr!.on('data', (c: Buffer) => (said += c));
      await waitFor(() => readdirSync(dir).some((f) => f.endsWith('.part')), 'the temporary file');
      child.kill('SIGTERM');
      expect((await child).exitCode).toBe(143);
      // what is on disk is said: nothing, and the checkpoint as it was
      expect(said).toContain(`${dir}/out.csv was not written (an export appears whole or not at all); the checkpoint ${cp} did not move`);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(`${dir}/out.csv`)).toBe(false);
    expect((await import('node:fs')).readFileSync(cp, 'utf8')).toBe(checkpoint);
  });

  it('Ctrl-C during an import sends no new row, says how many went and that a re-run sends the rest; the re-run makes no duplicate', async () => {
    const form = (await sb.cli(['forms', 'create', '--title', 'Interrupted import', '--field', 'shortText:Note', '-q'])).stdout.trim();
    const file = `${tmp.path}/interrupted.csv`;
    writeFileSync(file, `Note\n${Array.from({ length: 40 }, (_, i) => `row ${i}`).join('\n')}\n`);
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=300,route=POST /forms/${form}/submissions` });
    let err = '';
    try {
      const child = spawnCli(['submissions', 'import', form, file, '--concurrency', '2'], { env: env() });
      child.stderr!.on('data', (c: Buffer) => (err += c));
      await waitFor(async () => (await sb.api('GET', `/forms/${form}/submissions?limit=1`)).body.data.total >= 2, 'the first rows');
      child.kill('SIGINT');
      expect((await child).exitCode).toBe(130);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    expect(err).toMatch(/import stopped \(Ctrl-C\): created \d+, replayed 0, rejected 0, failed 0; \d+ of the 40 rows not sent\. Run the same command again to send them/);
    const made = (await sb.api('GET', `/forms/${form}/submissions?limit=1`)).body.data.total;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(40);
    const again = await sb.cli(['submissions', 'import', form, file, '--json']);
    expect(again.exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${form}/submissions?limit=1`)).body.data.total).toBe(40);
  });

  it('webhook listen --register puts the previous webhook back when the terminal closes (SIGHUP)', async () => {
    await sb.cli(['webhook', 'enable', 'https://hooks.example.com/before']);
    const child = spawnCli(['webhook', 'listen', '--port', '0', '--register'], { env: env() });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c));
    await waitFor(() => err.includes('Listening on'), 'the listener');
    expect(JSON.parse((await sb.cli(['webhook', 'get', '--json'])).stdout).url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    child.kill('SIGHUP');
    expect((await child).exitCode).toBe(129);
    expect(err).toContain('Webhook setting restored.');
    expect(JSON.parse((await sb.cli(['webhook', 'get', '--json'])).stdout)).toMatchObject({ enabled: true, url: 'https://hooks.example.com/before' });
    await sb.cli(['webhook', 'disable', '--yes']);
  });
});

describe('sandbox logs --follow', () => {
  /**
   * Follows the log with `flags` from `back` requests before the latest, makes one GET of the form,
   * waits for `seen` in stdout (or for `seen` to say the output is complete), then Ctrl-C: the output
   * (exit 130 checked).
   */
  async function followOneGet(flags: string[], seen: string | ((out: string) => boolean), back = 0): Promise<string> {
    const child = spawnCli(['sandbox', 'logs', '--follow', '--interval', '100', ...flags, '--after', String((await sb.lastRequestId()) - back)], { env: env() });
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c));
    child.stderr!.on('data', (c: Buffer) => (err += c));
    await waitFor(() => err.includes('Following the request log'), 'the follower');
    await sb.api('GET', `/forms/${qrId}`);
    await waitFor(() => (typeof seen === 'string' ? out.includes(seen) : seen(out)), 'the request in the log');
    child.kill('SIGINT');
    expect((await child).exitCode).toBe(130);
    return out;
  }

  it('prints each new request as a JSON line until Ctrl-C (exit 130)', async () => {
    // the exact path: a longer one of the same form (another request's) must not end the wait early
    const out = await followOneGet(['-o', 'jsonl'], `"path":"/v1/forms/${qrId}"`);
    // every line is a JSON request; ours is among them (requests of other tests' processes may follow it)
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { method: string; path: string; status: number });
    expect(lines.filter((l) => l.path === `/v1/forms/${qrId}`)).toEqual([expect.objectContaining({ method: 'GET', status: 200 })]);
  });

  it('with -q: each followed request is its id alone, as the first page prints it (-q with -o is exit 2)', async () => {
    const out = await followOneGet(['-q'], '\n');
    expect(out.trim().split('\n').filter((l) => !/^\d+$/.test(l))).toEqual([]);
  });

  it('with --query -o json: each followed request is the query of that request, on one line', async () => {
    const out = await followOneGet(['-o', 'json', '--query', '{m: method, p: path}'], `"p":"/v1/forms/${qrId}"`);
    // every request, of the first batch (empty here: --since the latest) and followed, on a line of its own
    const lines = out.split('\n').filter((l) => l.startsWith('{"')).map((l) => JSON.parse(l) as { m: string; p: string });
    expect(lines.filter((l) => l.p === `/v1/forms/${qrId}`)).toEqual([{ m: 'GET', p: `/v1/forms/${qrId}` }]);
  });

  it('with -o csv: one header, then each followed request as a CSV row (never JSON)', async () => {
    const out = await followOneGet(['-o', 'csv', '--columns', 'method,path,status'], `GET,/v1/forms/${qrId},200`);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('method,path,status');
    expect(lines.filter((l) => l === 'method,path,status')).toHaveLength(1);
    expect(lines.slice(1).every((l) => /^[A-Z]+,\/v1\/[^,]*,\d{3}$/.test(l)), out).toBe(true);
    expect(lines).toContain(`GET,/v1/forms/${qrId},200`);
  });

  it('with -o json in a pipe: the first batch and the followed requests alike, a JSON line each', async () => {
    // the two requests before it, then ours
    const out = await followOneGet(['-o', 'json'], (o) => o.trim().split('\n').length >= 3, 2);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { id: number; path: string });
    expect(lines.every((l) => typeof l.id === 'number')).toBe(true);
    expect(lines.slice(2).map((l) => l.path)).toContain(`/v1/forms/${qrId}`);
  });
});

describe('submissions watch --sandbox', () => {
  // Ctrl-C while the embedded sandbox starts: the signal arrives before watch has begun to wait for
  // one, and must not be lost (it once was: the handler was swapped with the signal pending)
  it('ends with 130 on a Ctrl-C that arrives while the sandbox is starting', async () => {
    const dir = tempDir();
    const senv = { FORMCTL_CONFIG_DIR: dir.path, FORMCTL_SANDBOX_PORT: '1' };
    try {
      const made = await execa('node', [BIN, '--sandbox', 'forms', 'create', '--title', 'W', '--field', 'shortText:Name', '-q'], { env: cleanEnv(senv), extendEnv: false });
      for (let round = 0; round < 3; round++) {
        const child = spawnCli(['--sandbox', 'submissions', 'watch', made.stdout.trim(), '--interval', '60'], { env: senv });
        let err = '';
        child.stderr!.on('data', (c: Buffer) => (err += c));
        // said just before the sandbox starts in this process
        await waitFor(() => err.includes('polling every'), 'the watcher to start');
        child.kill('SIGINT');
        const ended = await Promise.race([child, new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000).unref())]);
        if (!ended) child.kill('SIGKILL');
        expect(ended?.exitCode, `round ${round}: ${err}`).toBe(130);
      }
    } finally {
      dir.remove();
    }
  });
});
