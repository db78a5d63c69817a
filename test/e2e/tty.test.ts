import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir, waitFor } from '../helpers/cli.js';
import { startSandbox } from '../helpers/sandbox.js';

// A real terminal: util-linux `script` runs formctl on a pseudo-terminal; keys are typed into it.
const dir = tempDir();
const env = (extra: Record<string, string | undefined> = {}) => cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_SANDBOX_DIR: `${dir.path}/sandbox`, TERM: 'xterm', ...extra });
let qrId: string;

beforeAll(async () => {
  qrId = (await runCli(['--sandbox', 'forms', 'create', '--title', 'On a terminal', '--field', 'email:E', '-q'], { env: env() })).stdout.trim();
});
afterAll(() => dir.remove());

function onTerminal(args: string[], extra: Record<string, string | undefined> = {}, cols = 100) {
  const command = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // a terminal of a real size (a pseudo-terminal starts at 0 × 0)
  const child = execa('script', ['-qec', `stty cols ${cols} rows 30; ${command}`, '/dev/null'], { env: env(extra), extendEnv: false, reject: false, buffer: false, stdin: 'pipe' });
  let screen = '';
  child.stdout!.on('data', (c: Buffer) => (screen += c.toString()));
  return { child, screen: () => screen };
}

describe('on a real terminal', () => {
  it('asks before deleting, in colour, and keeps the form on "n" (exit 130)', async () => {
    const t = onTerminal(['--sandbox', 'forms', 'delete', qrId], { NO_COLOR: undefined });
    await waitFor(() => t.screen().includes(`Delete form ${qrId}`), 'the question');
    t.child.stdin!.write('n\r');
    const r = await t.child;
    expect(r.exitCode).toBe(130);
    expect(t.screen()).toContain('\u001b['); // colour on a terminal
    expect(t.screen()).toContain('cancelled');
    expect((await runCli(['--sandbox', 'forms', 'get', qrId, '-q'], { env: env() })).stdout.trim()).toBe(qrId);
  });

  it('never asks when CI is set, even on a terminal: it names the flag (exit 2)', async () => {
    const t = onTerminal(['--sandbox', 'forms', 'delete', qrId], { CI: 'true' });
    const r = await t.child;
    expect(r.exitCode).toBe(2);
    expect(t.screen()).toContain('--yes');
    expect(t.screen()).not.toContain('(y/N)');
  });
});

describe('a spinner on a real terminal', () => {
  it('is cleared from the screen when Ctrl-C stops the command (exit 130)', async () => {
    const sb = await startSandbox();
    try {
      const q = (await sb.cli(['forms', 'create', '--title', 'Spin', '--field', 'email:E', '-q'])).stdout.trim();
      // a long hold, so that a slow start on a busy machine still finds the spinner turning (Ctrl-C ends it at once)
      await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=60000,route=POST /forms/${q}/submissions,count=1` });
      const t = onTerminal(['submissions', 'create', q, '--set', 'E=a@example.com'], { NO_COLOR: undefined, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
      await waitFor(async () => (await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults')).rules.length === 0 && t.screen().includes('Submitting'), 'the spinner', 45_000);
      t.child.stdin!.write('\u0003'); // Ctrl-C typed at the terminal
      expect((await t.child).exitCode).toBe(130);
      const screen = t.screen();
      const afterSpinner = screen.slice(screen.lastIndexOf('Submitting'));
      expect(afterSpinner).toMatch(/\u001b\[1G\u001b\[0?K/); // the spinner's line was erased
    } finally {
      await sb.stop();
    }
  }, 60_000);
});

describe('a terminal that reports 0 columns (script, serial consoles, some CI runners)', () => {
  it('lists, with a slow answer, and ends: no spinner redrawing for ever, the table laid out at 80 columns', async () => {
    const sb = await startSandbox();
    try {
      const q = (await sb.cli(['forms', 'create', '--title', 'Zero', '--field', 'email:E', '-q'])).stdout.trim();
      await sb.cli(['submissions', 'create', q, '--set', 'E=a@example.com']);
      await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=1500,route=GET /forms/${q}/submissions,count=1` });
      const t = onTerminal(['submissions', 'list', q], { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner }, 0);
      const r = await t.child;
      expect(r.exitCode).toBe(0);
      expect(t.screen()).toContain('a@example.com');
      expect(t.screen()).not.toContain('\u001b[1G'); // no spinner frame was drawn
      expect(t.screen().length).toBeLessThan(20_000);
    } finally {
      await sb.stop();
    }
  }, 60_000);
});

describe('Ctrl-C during a sync on a real terminal', () => {
  it('stops at once and quietly: the requests it cut are not retried, no error is reported (exit 130)', async () => {
    const sb = await startSandbox();
    try {
      const q = (await sb.cli(['forms', 'create', '--title', 'Long sync', '--field', 'email:E', '-q'])).stdout.trim();
      await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: q, count: 3000 });
      // every page slow, so that several are in flight when Ctrl-C comes, and the walk (four rounds of
      // eight pages) far from its end on a loaded machine too
      await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=1000,route=GET /forms/${q}/submissions` });
      const since = await sb.lastRequestId();
      const t = onTerminal(['submissions', 'sync', q, '--to', `sqlite:${dir.path}/sync.db`], { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
      await waitFor(() => /\b([1-9]|1\d)\/30 pages/.test(t.screen()), 'the progress, early in the walk', 45_000);
      t.child.stdin!.write('\u0003');
      expect((await t.child).exitCode).toBe(130);
      const after = t.screen().slice(t.screen().lastIndexOf('^C') + 2);
      expect(after).not.toMatch(/retrying|error:|dropped/);
      // no page asked for twice (a retry of one the signal cut), and the walk did not go on to its end
      const pages = (await sb.requestsSince(since)).map((r) => /[?&]page=(\d+)/.exec(r.path)?.[1]).filter(Boolean);
      expect(new Set(pages).size).toBe(pages.length);
      expect(pages.length).toBeLessThan(30);
    } finally {
      await sb.stop();
    }
  }, 60_000);
});

