import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/sandbox/public/routes.js';
import { PNG } from '../helpers/fixtures.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// Files at their fileUrl, reached by anyone: a file gone from the disk (an upload deleted while its
// GET was on its way) is a 404, never an unhandled stream error that would end the sandbox; a name a
// visitor chose never breaks the header it is put in.
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

async function upload(name: string): Promise<{ fileId: string; fileUrl: string }> {
  const form = await sb.api('POST', '/forms', { body: { title: 'F', shortText: 'x', fields: [{ type: 'picture', option: { label: 'P' } }] } });
  const body = new FormData();
  body.set('category', 'submission');
  body.set('userFile', new Blob([PNG]), name);
  const r = await fetch(`${sb.baseUrl}/forms/${form.body.data.qrId}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}` }, body });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: { fileId: string; fileUrl: string } }).data;
}

describe('served files', () => {
  it('a file whose copy on disk is gone answers 404 and the sandbox keeps serving', async () => {
    const { fileId, fileUrl } = await upload('dot.png');
    rmSync(join(sb.dataDir, 'files', fileId));
    const r = await fetch(fileUrl);
    expect(r.status).toBe(404);
    await r.arrayBuffer();
    // still alive: the next request is answered
    expect((await sb.api('GET', '/forms')).status).toBe(200);
    const again = await upload('dot.png');
    const ok = await fetch(again.fileUrl);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a name with quotes, backslashes or other scripts keeps the header whole', async () => {
    const { fileUrl } = await upload('été 1.png');
    const r = await fetch(fileUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(contentDisposition('inline', 'été 1.png')).toBe(`inline; filename="_t_ 1.png"; filename*=UTF-8''%C3%A9t%C3%A9%201.png`);
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`);
    expect(contentDisposition('attachment', "it's (1).svg")).toBe(`attachment; filename="it's (1).svg"; filename*=UTF-8''it%27s%20%281%29.svg`);
  });
});
