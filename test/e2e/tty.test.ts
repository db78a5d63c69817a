import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir, waitFor } from '../helpers/cli.js';

// A real terminal: util-linux `script` runs formctl on a pseudo-terminal; keys are typed into it.
const dir = tempDir();
const env = (extra: Record<string, string | undefined> = {}) => cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_SANDBOX_DIR: `${dir.path}/sandbox`, TERM: 'xterm', ...extra });
let qrId: string;

beforeAll(async () => {
  qrId = (await runCli(['--sandbox', 'forms', 'create', '--title', 'On a terminal', '--field', 'email:E', '-q'], { env: env() })).stdout.trim();
});
afterAll(() => dir.remove());

function onTerminal(args: string[], extra: Record<string, string | undefined> = {}) {
  const command = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = execa('script', ['-qec', command, '/dev/null'], { env: env(extra), extendEnv: false, reject: false, buffer: false, stdin: 'pipe' });
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
