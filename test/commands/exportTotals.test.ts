import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/inProcessCli.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

// A form whose submissions are deleted during an export: the count the pages give changes once,
// and the export says so once, not on every page that follows.
describe('submissions export while submissions are deleted', () => {
  it('warns once when the total changes, not on every later page', async () => {
    const form = { qrId: 'ABCDEFGH', title: 'T', fields: [{ key: 'n', type: 'shortText', option: { label: 'Name' } }] };
    const item = (i: number) => ({ id: `s${String(i).padStart(23, '0')}`, qrId: 'ABCDEFGH', createdAt: new Date(Date.UTC(2026, 0, 1) - i * 1000).toISOString(), answers: { n: `x${i}` } });
    const stub = createServer((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1);
      const total = page === 1 ? 500 : 450;
      const items = Array.from({ length: 100 }, (_, i) => item((page - 1) * 100 + i));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'success', data: { items, total, page, pageSize: 100, totalPages: 5, form } }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const env = { FORMCTL_CONFIG_DIR: `${tmp.path}/cfg`, FORMCTL_BASE_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`, FORMCTL_API_KEY: 'stub-key' };
    try {
      const r = await runInProcess(['submissions', 'export', 'ABCDEFGH', '-o', 'jsonl', '--out', `${tmp.path}/out.jsonl`], { env });
      expect(r.exitCode).toBe(0);
      expect(r.stderr.match(/number of matching submissions changed/g)).toHaveLength(1);
    } finally {
      stub.close();
    }
  });
});
