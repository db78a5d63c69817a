import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli, tempDir } from '../helpers/cli.js';

// formctl on the Node that runs it (CI runs this file on two Nodes): an older one is refused in one
// line before anything loads, and no supported one prints a warning of its own (node:sqlite's
// ExperimentalWarning, a DeprecationWarning) among formctl's messages.
const dir = tempDir('formctl-node-');
afterAll(() => dir.remove());

describe('the Node.js formctl runs on', () => {
  it('an older Node gets one line naming the version needed, exit 1, and nothing of formctl is loaded', async () => {
    const preload = join(dir.path, 'old.cjs');
    const record = join(dir.path, 'loaded.json');
    writeFileSync(preload, `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '18.20.4' } });
Object.defineProperty(process, 'version', { value: 'v18.20.4' });
const Module = require('module'); const seen = []; const load = Module._load;
Module._load = function (request, ...rest) { seen.push(request); return load.call(this, request, ...rest); };
process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(seen)));
`);
    const r = await execa('node', ['--require', preload, BIN, '--sandbox', 'forms', 'list'], { env: cleanEnv(), extendEnv: false, reject: false });
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([1, '', 'formctl needs Node.js 20.19 or newer (supported: 20.19+, 22, 24, 26); this is v18.20.4']);
    expect((JSON.parse(readFileSync(record, 'utf8')) as string[]).filter((m) => m.includes('dist'))).toEqual([]);
  });

  it(`prints no warning of Node's on this Node (${process.version}): sandbox, SQLite sync, doctor`, async () => {
    const env = { FORMCTL_CONFIG_DIR: join(dir.path, 'config'), FORMCTL_SANDBOX_DIR: join(dir.path, 'sandbox') };
    const created = await runCli(['--sandbox', 'forms', 'create', '--title', 'Warnings', '--field', 'email:E-mail*', '-q'], { env });
    expect([created.exitCode, created.stderr]).toEqual([0, '']);
    const qrId = created.stdout.trim();
    const submitted = await runCli(['--sandbox', 'submissions', 'create', qrId, '--set', 'E-mail=a@example.com', '-q'], { env });
    expect([submitted.exitCode, submitted.stderr]).toEqual([0, '']);
    const sync = await runCli(['--sandbox', 'submissions', 'sync', qrId, '--to', `sqlite:${join(dir.path, 'sync.db')}`], { env });
    expect(sync.exitCode, sync.stderr).toBe(0);
    expect(sync.stderr).not.toMatch(/Warning|--trace-warnings/);
    const doctor = await runCli(['--sandbox', 'doctor', '--offline', '-o', 'json'], { env });
    expect(doctor.stderr).not.toMatch(/Warning|--trace-warnings/);
    const checks = JSON.parse(doctor.stdout) as Array<{ check: string; level: string; detail: string }>;
    expect(checks.find((c) => c.check === 'Node.js')?.detail).toContain(process.version);
    expect(checks.find((c) => c.check === 'sandbox data')?.level).toBe('ok');
  });
});
