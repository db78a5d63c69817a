import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCheck } from '../../src/commands/doctor/run.js';
import { startSandbox } from '../helpers/commandSandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('formctl doctor', () => {
  it('checks everything and the key with one request said up front; --offline sends none', async () => {
    const before = await sb.requestCount();
    const r = await sb.cli(['doctor', '--json']);
    expect(r.exitCode).toBe(0);
    const checks = JSON.parse(r.stdout) as Array<{ level: string; check: string }>;
    expect(checks.map((c) => c.check)).toEqual(expect.arrayContaining(['config directory', 'API key', 'base URL', 'quota this month', 'sandbox data', 'Node.js', 'clock']));
    // the Node.js line may warn of an end of life (Node 20 on Debian); its rule has its own test below
    expect(checks.filter((c) => c.check !== 'Node.js' && c.level !== 'ok')).toEqual([]);
    expect(r.stderr).toContain('Checking the key and the clock with one request');
    expect(await sb.requestCount()).toBe(before + 1);
    const offline = await sb.cli(['doctor', '--offline']);
    expect(offline.exitCode).toBe(0);
    expect(await sb.requestCount()).toBe(before + 1);
  });

  it('takes -o json like every command (and --json); a format it has not is a usage error before any check', async () => {
    const json = await sb.cli(['doctor', '--offline', '-o', 'json']);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toContainEqual({ level: 'ok', check: 'API key', detail: 'not checked (--offline)' });
    const table = await sb.cli(['doctor', '--offline', '-o', 'table']);
    expect(table.stdout).toMatch(/^ok +config directory/);
    const before = await sb.requestCount();
    const csv = await sb.cli(['doctor', '-o', 'csv']);
    expect([csv.exitCode, csv.stdout, csv.stderr]).toEqual([2, '', 'error: --output: doctor prints table or json, not "csv"\n']);
    expect(await sb.requestCount()).toBe(before);
  });

  it('finds problems, says how to fix them, and exits 1', async () => {
    const bad = await sb.cli(['doctor'], { env: { FORMCTL_API_KEY: 'fk_wrong' } });
    expect([bad.exitCode, bad.stdout]).toEqual([1, expect.stringMatching(/problem {2}API key +refused: Invalid API key\n +fix: formctl auth login/)]);
    const url = await sb.cli(['doctor', '--offline'], { env: { FORMCTL_BASE_URL: 'http://example.com/api' } });
    expect(url.exitCode).toBe(1);
    expect(url.stdout).toMatch(/problem {2}base URL/);
    // a profile file others can read
    await sb.cli(['auth', 'login', '--base-url', sb.baseUrl, '--with-key', '--no-check'], { input: `${sb.keys.owner}\n` });
    chmodSync(join(sb.configDir, 'config.json'), 0o644);
    const mode = await sb.cli(['doctor', '--offline']);
    expect([mode.exitCode, mode.stdout]).toEqual([1, expect.stringMatching(/problem {2}config file +.* is mode 644: other users can read the API key\n +fix: chmod 600/)]);
    // every other command says so too, once a run, and still runs (ssh refuses; a script should not break)
    const list = await sb.cli(['forms', 'list', '-q']);
    expect([list.exitCode, list.stderr]).toEqual([0, expect.stringMatching(/warning: .*config\.json holds an API key and other users can read it \(mode 644\): chmod 600 /)]);
    expect(list.stderr).not.toContain(sb.keys.owner);
    chmodSync(join(sb.configDir, 'config.json'), 0o600);
    expect((await sb.cli(['forms', 'list', '-q'])).stderr).not.toContain('other users can read');
  });

  it('says which Node.js lines are supported and which are past their end of life', () => {
    const day = new Date('2026-11-25T12:00:00Z');
    expect(nodeCheck('v18.20.0', day)[0]).toBe('problem');
    expect(nodeCheck('v20.18.1', day)).toEqual(['problem', 'Node.js', 'v20.18.1 is older than 20.19.0', 'install Node.js 24 (LTS), or 20.19 or newer']);
    expect(nodeCheck('v20.20.2', day)).toEqual(['warning', 'Node.js', 'v20.20.2: Node 20 reached its end of life on 2026-04-30 (no more security fixes)', 'install Node.js 24 (LTS)']);
    expect(nodeCheck('v20.20.2', new Date('2026-01-10T00:00:00Z'))[0]).toBe('ok');
    expect(nodeCheck('v24.21.0', day)).toEqual(['ok', 'Node.js', 'v24.21.0 (supported; Node 24 is maintained until 2028-04-30)']);
    expect(nodeCheck('v26.10.0', day)[0]).toBe('ok');
  });
});

describe('formctl doctor on the sandbox data dir', () => {
  it('a data dir that is not a database is a problem naming the reset', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const data = mkdtempSync(join(tmpdir(), 'doctor-data-'));
    try {
      writeFileSync(join(data, 'sandbox.db'), 'not a database, just text that is long enough to have a header '.repeat(20));
      const r = await sb.cli(['doctor', '--offline', '--json'], { env: { FORMCTL_SANDBOX_DIR: data } });
      expect(r.exitCode).toBe(1);
      const line = (JSON.parse(r.stdout) as Array<{ level: string; check: string; detail: string; fix?: string }>).find((c) => c.check === 'sandbox data');
      expect(line).toMatchObject({ level: 'problem', fix: 'formctl sandbox reset --yes' });
      expect(line!.detail.startsWith(`${data}: `)).toBe(true);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
