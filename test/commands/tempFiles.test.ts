import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';

// Files formctl writes (--out, --checkpoint): a temporary file beside the target, created exclusively
// under a random name (a planted name or symlink is never followed), no device replaced by a file,
// submissions readable by their owner only, and what a killed run left behind removed by the next.
let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
let qrId: string;
beforeAll(async () => {
  sb = await startSandbox();
  const form = (await sb.api('POST', '/forms', { body: { title: 'T', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data;
  qrId = form.qrId;
  await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [form.fields[0].key]: 'private answer' } } });
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('files written by formctl', () => {
  it('never follow a symlink planted at the temporary name of an earlier version', async () => {
    const victim = `${tmp.path}/victim.txt`;
    writeFileSync(victim, 'keep me');
    const out = `${tmp.path}/planted.csv`;
    symlinkSync(victim, `${tmp.path}/.planted.csv.${process.pid}.part`);
    const cp = `${tmp.path}/planted.ckpt`;
    symlinkSync(victim, `${tmp.path}/.planted.ckpt.${process.pid}.part`);
    const r = await sb.cli(['submissions', 'export', qrId, '--out', out, '--checkpoint', cp]);
    expect(r.exitCode).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(readFileSync(out, 'utf8')).toContain('private answer');
  });

  it('refuse a device or pipe, or a symlink to one, as --out (- is standard output), before any request', async () => {
    // a FIFO of the test's own stands for every non-regular file (a real device is not the test's to risk)
    const fifo = `${tmp.path}/fifo`;
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const link = `${tmp.path}/fifo-link`;
    symlinkSync(fifo, link);
    const before = await sb.requestCount();
    for (const target of [fifo, link]) {
      const r = await sb.cli(['submissions', 'export', qrId, '--out', target, '--force']);
      expect([r.exitCode, r.stderr]).toEqual([2, `error: --out ${target}: not a regular file (a device, pipe or socket); name a file, or - for standard output\n`]);
    }
    expect(await sb.requestCount()).toBe(before);
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it('refuse a pipe, a device or a symlink to one as --checkpoint, before any request (a FIFO would block the read forever)', async () => {
    const fifo = `${tmp.path}/ckpt-fifo`;
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const link = `${tmp.path}/ckpt-link`;
    symlinkSync(fifo, link);
    const before = await sb.requestCount();
    for (const target of [fifo, link, '/dev/null']) {
      // a writer that opens and closes the FIFO: should formctl read it after all, the read ends (at
      // EOF) and this test fails instead of blocking the test process forever
      const writer = target === '/dev/null' ? undefined : spawn(process.execPath, ['-e', `require('fs').closeSync(require('fs').openSync(${JSON.stringify(fifo)}, 'w'))`]);
      try {
        const r = await sb.cli(['submissions', 'export', qrId, '--out', `${tmp.path}/ckpt.csv`, '--checkpoint', target]);
        // only --out takes - for standard output: the message offers it there alone
        expect([r.exitCode, r.stderr]).toEqual([2, `error: --checkpoint ${target}: not a regular file (a device, pipe or socket); name a file\n`]);
      } finally {
        writer?.kill();
      }
    }
    // - is no file: as --checkpoint (read at the start, written at the end) or --errors it is refused, never a file named "-"
    const cwd = process.cwd();
    process.chdir(tmp.path);
    try {
      for (const args of [['submissions', 'export', qrId, '--out', `${tmp.path}/ckpt.csv`, '--checkpoint', '-'], ['submissions', 'import', qrId, `${tmp.path}/none.csv`, '--errors', '-']]) {
        const dash = await sb.cli(args);
        expect([dash.exitCode, dash.stderr], args.join(' ')).toEqual([2, `error: ${args.at(-2)} -: this takes a file name (- for standard output is --out's)\n`]);
      }
    } finally {
      process.chdir(cwd);
    }
    expect(existsSync(`${tmp.path}/-`)).toBe(false);
    const dir = await sb.cli(['submissions', 'export', qrId, '--out', `${tmp.path}/ckpt.csv`, '--checkpoint', tmp.path]);
    expect([dir.exitCode, dir.stderr]).toEqual([2, expect.stringContaining('is a directory')]);
    expect(await sb.requestCount()).toBe(before);
    expect(existsSync(`${tmp.path}/ckpt.csv`)).toBe(false);
  });

  it('leave the errors file of an import readable by its owner only (0600): it holds the rows people answered', async () => {
    const mailForm = (await sb.api('POST', '/forms', { body: { title: 'M', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
    const rows = `${tmp.path}/rows.csv`;
    writeFileSync(rows, 'Mail\nsecret answer\n');
    const errors = `${tmp.path}/rows.err.csv`;
    const r = await sb.cli(['submissions', 'import', mailForm, rows, '--dry-run', '--errors', errors]);
    expect(r.exitCode).toBe(3);
    expect(readFileSync(errors, 'utf8')).toContain('secret answer');
    expect(statSync(errors).mode & 0o777).toBe(0o600);
  });

  it('leave an export of submissions readable by its owner only (0600)', async () => {
    const out = `${tmp.path}/mode.csv`;
    expect((await sb.cli(['submissions', 'export', qrId, '--out', out])).exitCode).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it("remove the temporary files of a run that was killed, and leave a live run's alone", async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const out = `${tmp.path}/stale.csv`;
    const stale = `${tmp.path}/.stale.csv.${dead}.0123456789ab.part`;
    const live = `${tmp.path}/.stale.csv.${process.ppid}.0123456789ab.part`;
    writeFileSync(stale, 'half');
    writeFileSync(live, 'busy');
    expect((await sb.cli(['submissions', 'export', qrId, '--out', out])).exitCode).toBe(0);
    expect([existsSync(stale), existsSync(live)]).toEqual([false, true]);
    expect(readdirSync(tmp.path).filter((n) => n.startsWith('.stale.csv.'))).toEqual([`.stale.csv.${process.ppid}.0123456789ab.part`]);
  });
});
