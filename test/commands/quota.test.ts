import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/commandSandbox.js';
import { tempDir } from '../helpers/cli.js';
import { SandboxStore } from '../../src/sandbox/repo/store.js';
import { MAIN_ACCOUNT } from '../../src/sandbox/repo/accountIds.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(() => sb.stop());

describe('the quota ledger and --max-requests', () => {
  it("records every run's requests by command, shows them against the plan, and warns past 80 %", async () => {
    // a profile that names its plan (free: 500 a month)
    const login = await sb.cli(['auth', 'login', '--base-url', sb.baseUrl, '--plan', 'free', '--with-key', '--no-check'], { input: `${sb.keys.owner}\n`, env: { FORMCTL_BASE_URL: undefined, FORMCTL_API_KEY: undefined } });
    expect(login.exitCode).toBe(0);
    const env = { FORMCTL_BASE_URL: undefined, FORMCTL_API_KEY: undefined };
    await sb.cli(['forms', 'create', '--title', 'Q', '--field', 'email:E', '-q'], { env });
    await sb.cli(['forms', 'list', '-q'], { env });
    await sb.cli(['forms', 'list', '-q'], { env });
    const q = JSON.parse((await sb.cli(['quota', '-o', 'json'], { env })).stdout);
    expect(q).toMatchObject({ used: 3, plan: 'free', limit: 500, left: 497, busiest: [{ command: 'forms list', requests: 2 }, { command: 'forms create', requests: 1 }] });
    expect(q.note).toMatch(/other clients .* are not counted/);
    expect(statSync(q.ledger).mode & 0o777).toBe(0o600);
    expect(readFileSync(q.ledger, 'utf8').trim().split('\n')).toHaveLength(3);
    // one output contract: --columns is honoured, and a pipe gets JSON unless -o table
    expect(JSON.parse((await sb.cli(['quota', '--columns', 'used,LEFT'], { env })).stdout)).toEqual({ used: 3, left: 497 });
    const text = await sb.cli(['quota', '-o', 'table'], { env });
    expect(text.stdout).toMatch(/profile default: 3 requests of 500 \(free plan, 1 %\), 497 left · \d+ days? left in the month/);
    // past 80 %: the run says so on stderr
    const { appendFileSync } = await import('node:fs');
    appendFileSync(q.ledger, `${JSON.stringify({ at: new Date().toISOString(), command: 'elsewhere', requests: 400 })}\n`);
    const warned = await sb.cli(['forms', 'list', '-q'], { env });
    expect(warned.stderr).toMatch(/404 of the 500 requests of the free plan used this month \(81 %/);
    // past the limit: 0 left in the text as in the JSON, never a negative count
    appendFileSync(q.ledger, `${JSON.stringify({ at: new Date().toISOString(), command: 'elsewhere', requests: 200 })}\n`);
    expect((await sb.cli(['quota', '-o', 'table'], { env })).stdout).toMatch(/604 requests of 500 \(free plan, 121 %\), 0 left/);
    expect(JSON.parse((await sb.cli(['quota', '-o', 'json'], { env })).stdout)).toMatchObject({ used: 604, left: 0 });
    // the embedded sandbox counts its own requests (as the service does), against its own plan, not the profile's
    const onSandbox = async () => JSON.parse((await sb.cli(['quota', '--sandbox', '-o', 'json'], { env })).stdout);
    const before = await onSandbox();
    expect(before).toMatchObject({ sandbox: true, plan: 'free', limit: 500, busiest: [], ledger: null, note: expect.stringMatching(/sandbox's own count/) });
    await sb.cli(['forms', 'list', '--sandbox', '-q'], { env });
    await sb.cli(['forms', 'list', '--sandbox', '-q'], { env });
    const after = await onSandbox();
    expect(after).toMatchObject({ used: before.used + 2, left: 500 - before.used - 2 });
    // the text says the sandbox's plan and how to change it, never the profile's `config set plan`
    const table = await sb.cli(['quota', '--sandbox', '-o', 'table'], { env });
    expect(table.stdout).toMatch(new RegExp(`${after.used} requests of 500 \\(free plan`));
    expect(table.stdout).not.toContain('config set plan');
    expect(table.stderr).toContain('formctl sandbox plan');
    expect((await sb.cli(['--sandbox', 'sandbox', 'plan', 'business'], { env })).exitCode).toBe(0);
    expect(await onSandbox()).toMatchObject({ plan: 'business', limit: 30_000, used: after.used });
    const doctor = JSON.parse((await sb.cli(['doctor', '--sandbox', '--offline', '--json'], { env })).stdout) as Array<{ check: string; level: string; detail: string }>;
    expect(doctor.map((c) => c.check)).not.toContain('quota this month');
    expect(doctor.find((c) => c.check === 'sandbox quota this month')).toMatchObject({ level: 'ok' });
  });

  it("the embedded sandbox's quota used up: the error names the sandbox's remedies, and `quota` shows it full", async () => {
    const data = tempDir();
    try {
      const env = { FORMCTL_SANDBOX_DIR: data.path, FORMCTL_BASE_URL: undefined, FORMCTL_API_KEY: undefined };
      // asked before the sandbox ever ran: the free plan, nothing used, and nothing created by asking
      expect(JSON.parse((await sb.cli(['quota', '--sandbox', '-o', 'json'], { env })).stdout)).toMatchObject({ used: 0, plan: 'free', limit: 500 });
      expect(existsSync(join(data.path, 'sandbox.db'))).toBe(false);
      expect((await sb.cli(['--sandbox', 'forms', 'list', '-q'], { env })).exitCode).toBe(0);
      const store = new SandboxStore(data.path);
      try {
        store.accounts.update(MAIN_ACCOUNT, { quota: 1 });
      } finally {
        store.close();
      }
      const r = await sb.cli(['--sandbox', 'forms', 'list', '-q'], { env });
      expect(r.exitCode).toBe(5);
      expect(r.stderr).toContain("the sandbox's monthly request quota is used up");
      expect(r.stderr).toContain('`formctl quota --sandbox` shows it; `formctl sandbox plan business --sandbox` raises it');
      expect(r.stderr).not.toContain('resets at the start of next month');
      expect(JSON.parse((await sb.cli(['quota', '--sandbox', '-o', 'json'], { env })).stdout)).toMatchObject({ used: 1, limit: 1, left: 0 });
      // doctor names the quota and the sandbox's remedy, not a bare service problem
      const checks = JSON.parse((await sb.cli(['doctor', '--sandbox', '--json'], { env })).stdout) as Array<{ check: string; level: string; fix?: string }>;
      expect(checks.find((c) => c.check === 'quota')).toMatchObject({ level: 'problem', fix: expect.stringContaining('formctl sandbox plan business --sandbox') });
      expect(checks.find((c) => c.check === 'sandbox quota this month')).toMatchObject({ level: 'problem' });
      expect(checks.map((c) => c.check)).not.toContain('service');
      // a service's 429 keeps the service's words
      await sb.admin('PUT', '/_sandbox/account', { account: 'main', quota: 0 });
      try {
        const service = await sb.cli(['forms', 'list', '-q']);
        expect([service.exitCode, service.stderr]).toEqual([5, expect.stringContaining('resets at the start of next month')]);
        expect(service.stderr).not.toContain('sandbox plan');
      } finally {
        await sb.admin('PUT', '/_sandbox/account', { account: 'main', quota: null });
      }
    } finally {
      data.remove();
    }
  });

  it('--max-requests stops before the request that would pass it, with exit 5 and how far it got', async () => {
    for (let i = 0; i < 3; i++) await sb.api('POST', '/forms', { body: { title: `M${i}`, shortText: 'x', fields: [{ type: 'email', option: { label: 'E' } }] } });
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Big', shortText: 'x', fields: [{ type: 'email', option: { label: 'E' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 450 });
    const before = await sb.requestCount();
    const r = await sb.cli(['submissions', 'list', qrId, '--all', '-q', '--max-requests', '2']);
    expect([r.exitCode, r.stderr]).toEqual([5, expect.stringMatching(/stopped before request 3: --max-requests 2 reached \(2 requests sent\)/)]);
    expect(await sb.requestCount()).toBe(before + 2);
    const env = await sb.cli(['submissions', 'list', qrId, '--all', '-q'], { env: { FORMCTL_MAX_REQUESTS: '1' } });
    expect(env.exitCode).toBe(5);
    expect((await sb.cli(['forms', 'list', '--max-requests', 'lots'])).exitCode).toBe(2);
  });

  it('long commands say up front what they will cost', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Cost', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 250 });
    const exp = await sb.cli(['submissions', 'export', qrId, '-o', 'jsonl']);
    expect(exp.stderr).toContain('250 submissions: 3 requests of the monthly quota (⌈250/100⌉; 1 sent).');
    const imp = await sb.cli(['submissions', 'import', qrId, '-'], { input: 'Mail\na@example.com\nb@example.com\n' });
    expect(imp.stderr).toContain('Sending 2 rows: 2 requests of the monthly quota');
    const watch = await sb.cli(['submissions', 'watch', qrId, '--interval', '60', '--max-requests', '1']);
    expect(watch.stderr).toContain('polling every 60 s costs at least 60 requests an hour');
  });
});
