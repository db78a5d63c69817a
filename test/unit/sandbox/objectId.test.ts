import { describe, expect, it } from 'vitest';
import { newHexId, newObjectId } from '../../../src/sandbox/repo/forms.js';

describe('record ids (spec §2.1: 24-character hex)', () => {
  it('are ObjectIds: the creation second first, then a per-process part and a counter', () => {
    const at = Date.UTC(2026, 10, 25, 8, 0, 0);
    const id = newObjectId(at);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(parseInt(id.slice(0, 8), 16)).toBe(at / 1000);
    expect(newObjectId(at).slice(8, 18)).toBe(id.slice(8, 18));
  });

  it('sort in the order the records were made, within a second and across seconds', () => {
    const at = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 2000 }, (_, i) => newObjectId(at + i * 10));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('file ids stay random: nothing in one tells the next', () => {
    const a = newHexId();
    const b = newHexId();
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a.slice(0, 8)).not.toBe(b.slice(0, 8));
  });
});

describe('record ids on the sandbox clock', () => {
  it('a form made after the clock moved carries its creation second, as its createdAt says', async () => {
    const { inProcessSandbox } = await import('../../helpers/inProcessSandbox.js');
    const sb = await inProcessSandbox();
    try {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 86_400 * 30 });
      const form = (await sb.api('POST', '/forms', { body: { title: 'Later', shortText: '', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data;
      const sub = (await sb.api('POST', `/forms/${form.qrId}/submissions`, { body: { answers: {} } })).body.data;
      const got = (await sb.api('GET', `/submissions/${sub.submissionId}`)).body.data;
      expect(parseInt(form.id.slice(0, 8), 16)).toBe(Math.floor(Date.parse(form.createdAt) / 1000));
      expect(parseInt(got.id.slice(0, 8), 16)).toBe(Math.floor(Date.parse(got.createdAt) / 1000));
    } finally {
      await sb.stop();
    }
  });
});
