import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
const tmp = tempDir();

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('forms create', () => {
  it('creates from flags with server-assigned qrId and field keys (spec §4.1)', async () => {
    const r = await sb.cli(['forms', 'create', '--title', 'Sign-up', '--short-text', 'Join', '--field', 'name:Your name*', '--field', 'radio:Meal:veg|fish', '--no-notify', '--json']);
    expect(r.exitCode).toBe(0);
    const form = JSON.parse(r.stdout);
    expect(form.qrId).toMatch(/^[A-Z0-9]+$/);
    expect(form.fields.map((f: { type: string }) => f.type)).toEqual(['name', 'radio']);
    expect(form.fields.every((f: { key: string }) => typeof f.key === 'string' && f.key.length > 0)).toBe(true);
    expect(form.fields[0].option).toEqual({ label: 'Your name', required: true });
    expect(form.submissionNotification).toBe(false);
    // spec §2.2 defaults, carried by the create response
    expect(form).toMatchObject({ backgroundType: 'solid', backgroundColor1: '0076d7', backgroundColor2: '3a74c5', appearance: { headerColor: 'ffffff', buttonColor: 'ffffff' } });
    expect(form.shortUrl).toBe(`${sb.origin}/s/${form.qrId}`);
  });

});

