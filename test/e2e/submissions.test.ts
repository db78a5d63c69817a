import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { submissionFixtures } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
const tmp = tempDir();

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'enterprise']);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const { survey, count } = submissionFixtures(() => sb);

describe('create', () => {
  it('creates from --set by label with values shaped per field, counts it on the form, and e-mails the owner', async () => {
    const f = await survey();
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=Ada Lovelace', '--set', 'mail=ada@example.com', '--set', 'Meal=veg', '-q']);
    expect(r.exitCode, r.stderr).toBe(0);
    const id = r.stdout.trim();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const got = JSON.parse((await sb.cli(['submissions', 'get', id, '--json'])).stdout);
    expect(got.answers).toEqual({ [f.keys.Name!]: { firstName: 'Ada', lastName: 'Lovelace' }, [f.keys.Mail!]: 'ada@example.com', [f.keys.Meal!]: 'veg' });
    expect((await sb.api('GET', `/forms/${f.qrId}`)).body.data.submissions).toBe(1);
    const mail = (await sb.admin<Array<{ kind: string; body: string }>>('GET', '/_sandbox/outbox')).filter((m) => m.kind === 'submission.notification');
    expect(mail.at(-1)?.body).toBe(id);
  });

});

describe('import', () => {
  it('an import killed half-way and run again yields each row exactly once', async () => {
    const f = await survey();
    const n = 200;
    const file = `${tmp.path}/killed.jsonl`;
    writeFileSync(file, Array.from({ length: n }, (_, i) => JSON.stringify({ Name: `P ${i}`, Mail: `p${i}@x.co`, Note: `row-${i}` })).join('\n'));
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'rate=1,kinds=latency,latency=15' });
    const child = spawnCli(['submissions', 'import', f.qrId, file, '--concurrency', '2'], { env: { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_CONFIG_DIR: sb.configDir } });
    await waitFor(async () => (await count(f.qrId)) >= 30, '30 rows imported');
    child.kill('SIGKILL');
    await child;
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    const partial = await count(f.qrId);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(n);
    const again = JSON.parse((await sb.cli(['submissions', 'import', f.qrId, file, '--json'])).stdout);
    expect(again.created + again.replayed + again.alreadyImported).toBe(n);
    // what was acknowledged before the kill is skipped (local ledger); what was in flight is replayed
    expect(again.alreadyImported + again.replayed).toBeGreaterThanOrEqual(partial - 2);
    const all = (await sb.cli(['submissions', 'export', f.qrId, '--format', 'jsonl'])).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(all).toHaveLength(n);
    expect(new Set(all.map((s) => s.answers[f.keys.Note!])).size).toBe(n);
  });
});

describe('watch', () => {
  it('prints each new submission once as JSONL when piped, runs --exec, and stops cleanly on Ctrl-C', async () => {
    const f = await survey();
    const env = { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_CONFIG_DIR: sb.configDir };
    const execOut = `${tmp.path}/exec.log`;
    // the service's clock runs two days behind ours: "from now" must be the service's now
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -2 * 86400 });
    const child = spawnCli(['submissions', 'watch', f.qrId, '--interval', '1'], { env });
    const exec = spawnCli(['submissions', 'watch', f.qrId, '--interval', '1', '--exec', `cat >> ${execOut}; echo >> ${execOut}`], { env });
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c));
    child.stderr!.on('data', (c: Buffer) => (err += c));
    // both watchers have read the service's newest submission (their starting point)
    const polls = async (since: number) => (await sb.requestsSince(since)).filter((r) => r.method === 'GET' && r.path.startsWith(`/v1/forms/${f.qrId}/submissions`)).length;
    await waitFor(async () => (await polls(0)) >= 2, 'both watchers to start');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sb.cli(['submissions', 'create', f.qrId, '--set', `Name=W ${i}`, '--set', 'Mail=w@x.co', '-q'])).stdout.trim());
    await waitFor(() => out.trim().split('\n').filter(Boolean).length >= 3, 'three printed submissions');
    // two more polls of each watcher after the last print: nothing printed twice
    const after = await sb.lastRequestId();
    await waitFor(async () => (await polls(after)) >= 4, 'two more polls of each watcher');
    child.kill('SIGINT');
    exec.kill('SIGINT');
    const [res] = await Promise.all([child, exec]);
    expect(res.exitCode).toBe(130); // Ctrl-C, after the cleanups: as every Unix tool
    expect(err).toMatch(/requests an hour/);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 2 * 86400 });
    const printed = out.trim().split('\n').map((l) => JSON.parse(l).id);
    expect(printed).toEqual(ids);
    const execd = readFileSync(execOut, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l).id);
    expect(execd).toEqual(ids);
  });
});
