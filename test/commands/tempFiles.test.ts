import { spawnSync } from 'node:child_process';
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
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('not a regular file');
    }
    expect(await sb.requestCount()).toBe(before);
    expect(statSync(fifo).isFIFO()).toBe(true);
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
