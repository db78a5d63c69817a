import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/inProcessCli.js';
import { startSandbox, type SandboxHandle } from '../helpers/commandSandbox.js';

describe('API rules of the sandbox', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  it('wraps success and errors in the envelopes of spec §1 and §7', async () => {
    const ok = await sb.api('GET', '/forms');
    expect(ok.body).toMatchObject({ status: 'success', data: { items: [] } });
    const bad = await sb.api('GET', '/forms/NOPE');
    expect(bad).toEqual({ status: 400, body: { status: 'failed', message: 'Form not found', code: 400, data: {} } });
  });

  it('checks the route before the key: unknown route → 404 even without a key (spec §7 order)', async () => {
    expect((await sb.api('GET', '/nothing-here', { key: '' })).status).toBe(404);
    expect((await sb.api('PATCH', '/forms', { key: '' })).status).toBe(404); // method that does not exist
    expect((await sb.api('GET', '/forms/lowercase')).status).toBe(404); // qrId pattern is part of the route
  });

  it('answers 401 for a missing or invalid key', async () => {
    const res = await fetch(`${sb.baseUrl}/forms`);
    expect(res.status).toBe(401);
    expect((await sb.api('GET', '/forms', { key: 'fk_wrong' })).status).toBe(401);
    const cli = await sb.cli(['forms', 'list'], { env: { FORMCTL_API_KEY: 'fk_wrong' } });
    expect(cli.exitCode).toBe(4);
  });

  it('answers 400 with the spec message for an expired subscription, after the key and quota', async () => {
    await sb.admin('PUT', '/_sandbox/account', { subscription: 'expired' });
    try {
      const r = await sb.cli(['forms', 'list']);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('You have a free plan. You can purchase or renew a paid plan to be able to continue.');
      expect((await sb.api('GET', '/forms', { key: 'fk_wrong' })).status).toBe(401);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { subscription: 'active' });
    }
  });

  it('lists the seeded keys with `sandbox keys`', async () => {
    const r = await runInProcess(['sandbox', 'keys', '--data', sb.dataDir, '--json']);
    const keys = JSON.parse(r.stdout) as Array<{ role: string; key: string }>;
    expect(keys.map((k) => k.role)).toEqual(['owner', 'admin', 'editor', 'editor2', 'viewer', 'other']);
    expect(keys.find((k) => k.role === 'viewer')!.key).toBe(sb.keys.viewer);
  });

  it('reads a sandbox served on loopback through its admin routes, and says so when none answers there', async () => {
    const served = await sb.cli(['sandbox', 'keys', '--json']);
    expect(served.exitCode).toBe(0);
    expect((JSON.parse(served.stdout) as Array<{ key: string }>).map((k) => k.key)).toContain(sb.keys.owner);
    const { createServer } = await import('node:net');
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const none = await sb.cli(['sandbox', 'keys', '--json'], { env: { FORMCTL_BASE_URL: `http://127.0.0.1:${port}/v1` } });
    expect([none.exitCode, none.stdout]).toEqual([2, '']);
    expect(none.stderr).toContain(`no sandbox answers at http://127.0.0.1:${port}: start one with \`formctl sandbox serve\`, or pass --data DIR`);
  });
});

describe('spec §8: monthly limits per plan', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  it('starts on free with 500 requests a month and follows the plan', async () => {
    const limit = async () => (await sb.admin<Array<{ id: string; plan: string; monthlyLimit: number }>>('GET', '/_sandbox/account'))[0]!;
    expect(await limit()).toMatchObject({ plan: 'free', monthlyLimit: 500 });
    for (const [plan, n] of [['starter', 10_000], ['business', 30_000], ['professional', 50_000]] as const) {
      await sb.admin('PUT', '/_sandbox/account', { plan });
      expect((await limit()).monthlyLimit).toBe(n);
    }
  });
});

describe('spec §8: the monthly quota', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--quota', '5']);
  });
  afterAll(() => sb.stop());

  it('counts every authenticated request, answers 429 with the spec message, resets next month', async () => {
    for (let i = 0; i < 5; i++) expect((await sb.api('GET', '/forms')).status).toBe(200);
    const before = await sb.requestCount();
    const r = await sb.cli(['forms', 'list']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain('Sorry, your API request limit has been reached (HTTP 429)');
    expect(r.stderr).toMatch(/Not retried/);
    // final: exactly one request, no retries that would burn nothing useful
    expect(await sb.requestCount()).toBe(before + 1);
    // a bad key is rejected before the quota (401, not 429)
    expect((await sb.api('GET', '/forms', { key: 'fk_bad' })).status).toBe(401);
    // the quota is per account: the other account still has its own
    expect((await sb.api('GET', '/forms', { key: sb.keys.other })).status).toBe(200);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 32 * 86400 });
    expect((await sb.api('GET', '/forms')).status).toBe(200);
  });
});

describe('form slots per plan (spec §7; numbers in docs/sandbox.md)', () => {
  it('the embedded sandbox, on the free plan it starts on, says how to lift it from any command that creates forms', async () => {
    const dir = tempDir();
    const env = { FORMCTL_CONFIG_DIR: dir.path, FORMCTL_SANDBOX_DIR: `${dir.path}/sb` };
    let first = '';
    for (let i = 0; i < 10; i++) {
      const r = await runInProcess(['--sandbox', 'forms', 'create', '--title', `Slot ${i}`, '--field', 'email:e', '-q'], { env });
      expect(r.exitCode, r.stderr).toBe(0);
      first ||= r.stdout.trim();
    }
    for (const args of [['forms', 'create', '--title', 'x', '--field', 'email:e'], ['forms', 'clone', first]]) {
      const r = await runInProcess(['--sandbox', ...args], { env });
      expect([r.exitCode, r.stderr], args.join(' ')).toEqual([1, expect.stringContaining('the embedded sandbox starts on the free plan (10 forms): `formctl sandbox plan business --sandbox` lifts it.')]);
    }
    dir.remove();
  });

  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--plan', 'free']);
  });
  afterAll(() => sb.stop());

  it('refuses the 11th form on the free plan, and copies that would not fit', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await sb.cli(['forms', 'create', '--title', `Slot ${i}`, '--field', 'email:e', '-q']);
      expect(r.exitCode, r.stderr).toBe(0);
      ids.push(r.stdout.trim());
    }
    const r = await sb.cli(['forms', 'create', '--title', 'One too many', '--field', 'email:e']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('You have no form in your plan, please renew your plan to continue. (HTTP 400)');
    const clone = await sb.cli(['forms', 'clone', ids[0]!]);
    expect(clone.stderr).toMatch(/no form in your plan/);
    // a served sandbox is some account: no word of the embedded sandbox's plan
    expect(clone.stderr).not.toContain('sandbox plan business');
    // spec §7 order: the plan limit (400) is checked before the role (403)
    expect((await sb.cli(['forms', 'create', '--title', 'x', '--field', 'email:e'], { role: 'viewer' })).exitCode).toBe(1);
    await sb.admin('PUT', '/_sandbox/account', { plan: 'starter' });
    expect((await sb.cli(['forms', 'create', '--title', 'x', '--field', 'email:e'], { role: 'viewer' })).exitCode).toBe(4);
  });
});

describe('the embedded sandbox (--sandbox)', () => {

  it('works as a profile made by `auth login --sandbox`', async () => {
    const dir = tempDir();
    const env = { FORMCTL_CONFIG_DIR: dir.path };
    expect((await runInProcess(['auth', 'login', '--sandbox'], { env })).exitCode).toBe(0);
    const r = await runInProcess(['forms', 'list', '--json'], { env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    dir.remove();
  });

  it('--sandbox with --base-url names two services: exit 2 before anything starts; FORMCTL_BASE_URL it beats', async () => {
    const dir = tempDir();
    const env = { FORMCTL_CONFIG_DIR: dir.path, FORMCTL_SANDBOX_DIR: `${dir.path}/sb` };
    const both = await runInProcess(['--sandbox', '--base-url', 'https://api.example.invalid/v1', 'forms', 'list', '-q'], { env });
    expect([both.exitCode, both.stdout, both.stderr]).toEqual([2, '', 'error: --sandbox runs against the embedded sandbox and --base-url https://api.example.invalid/v1 names a service: give one of them\n']);
    expect(existsSync(`${dir.path}/sb`)).toBe(false);
    // a password in the address is never shown back; nor is such an address taken anywhere (the key is the credential)
    const secret = await runInProcess(['--sandbox', '--base-url', 'https://u:hunter2@api.example.invalid/v1', 'forms', 'list'], { env });
    expect([secret.exitCode, secret.stderr]).toEqual([2, 'error: --sandbox runs against the embedded sandbox and --base-url https://***@api.example.invalid/v1 names a service: give one of them\n']);
    // a password holding # / or ?: the URL does not parse, and is still never shown
    const hashed = await runInProcess(['--base-url', 'https://bob:hunter2#x/y?z@api.example.invalid/v1', 'forms', 'list'], { env: { ...env, FORMCTL_API_KEY: 'fk_0123456789abcdef' } });
    expect([hashed.exitCode, hashed.stderr]).toEqual([2, expect.stringContaining('https://***@api.example.invalid/v1')]);
    expect(hashed.stderr).not.toContain('hunter2');
    for (const args of [['--base-url', 'https://u:hunter2@api.example.invalid/v1', 'forms', 'list'], ['auth', 'login', '--base-url', 'https://u:hunter2@api.example.invalid/v1', '--with-key']]) {
      const r = await runInProcess(args, { env: { ...env, FORMCTL_API_KEY: 'fk_0123456789abcdef' }, input: 'fk_0123456789abcdef\n' });
      expect([r.exitCode, r.stderr], args.join(' ')).toEqual([2, expect.stringContaining('https://***@api.example.invalid/v1 holds a user name or password before its host')]);
      expect(r.stderr + r.stdout).not.toContain('hunter2');
    }
    const beaten = await runInProcess(['--sandbox', 'forms', 'list', '-q'], { env: { ...env, FORMCTL_BASE_URL: 'https://api.example.invalid/v1' } });
    expect([beaten.exitCode, beaten.stderr]).toEqual([0, '']);
    dir.remove();
  });
});

describe('timeouts, interrupts and the request log', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    await sb.stop();
  });

  it('--verbose logs each request and the count, never the key', async () => {
    const r = await sb.cli(['forms', 'list', '--verbose']);
    expect(r.stderr).toMatch(/\[api\] GET \/v1\/forms\?page=1&limit=100 → 200 \(\d+ ms\)/);
    expect(r.stderr).toContain('[api] 1 API request this run');
    expect(r.stderr).not.toContain(sb.keys.owner);
  });

  it('--timeout gives up on a slow answer and retries only what is safe', async () => {
    // scoped to this command's two attempts: other tests never meet it
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=latency,latency=1500,route=GET /forms,count=2' });
    const r = await sb.cli(['forms', 'list', '--timeout', '0.3', '--retries', '1']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/did not answer: no response within 0.3 s/);
    expect((await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults')).rules).toEqual([]);
  });

});

describe('resilience: faults injected by the sandbox', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--plan', 'business']);
  });
  afterAll(() => sb.stop());

  it('forms list --all still returns every form exactly once with 40% of requests failing', async () => {
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const made = await Promise.all(
        Array.from({ length: 25 }, (_, i) => sb.api('POST', '/forms', { body: { title: `F${batch}-${i}`, shortText: '', fields: [{ type: 'email' }] } })),
      );
      for (const m of made) {
        expect(m.status).toBe(200);
        ids.push(m.body.data.qrId);
      }
    }
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'rate=0.4,kinds=500+503+429+drop+drop-after+latency,latency=20,retry-after=0,seed=8' });
    try {
      const since = await sb.lastRequestId();
      const r = await sb.cli(['forms', 'list', '--all', '-q', '--retries', '8', '--verbose']);
      expect(r.exitCode, r.stderr).toBe(0);
      const got = r.stdout.trim().split('\n');
      expect(got).toHaveLength(ids.length);
      expect([...got].sort()).toEqual([...ids].sort());
      // faults were really hit, and retried
      const log = await sb.requestsSince(since);
      expect(log.filter((l) => l.fault && l.fault !== 'latency').length).toBeGreaterThan(0);
      expect(log.filter((l) => l.status === 200).length).toBe(3); // ceil(250 / 100) pages answered
      expect(r.stderr).toMatch(/retrying/);
    } finally {
      await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    }
  });

  it('does not repeat a form create after a 5xx (a retry could duplicate)', async () => {
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=503,route=POST /forms' });
    try {
      const before = await sb.requestCount();
      const r = await sb.cli(['forms', 'create', '--title', 'Once', '--field', 'email:e']);
      expect(r.exitCode).toBe(1);
      expect(await sb.requestCount()).toBe(before + 1);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
  });
});
