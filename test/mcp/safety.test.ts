import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';
import { mcpSession, textOf } from './session.js';

// What keeps an assistant's session safe: the request cap, API refusals as tool errors (never
// protocol errors), and no secret in anything the server says.

let sb: CommandSandbox;
beforeAll(async () => {
  sb = await startSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

const FORM = { title: 'Poll', shortText: '', fields: [{ type: 'radio', option: { label: 'Pick', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] } }] };

describe('the session', () => {
  it('--max-requests caps the whole session: past it a tool error, and the server goes on', async () => {
    const s = await mcpSession(sb, { flags: { maxRequests: '2' } });
    const before = await sb.requestCount();
    expect((await s.call('forms_list')).isError).toBeFalsy();
    expect((await s.call('presets_list')).isError).toBeFalsy();
    const third = await s.call('forms_list');
    expect(third.isError).toBe(true);
    expect(textOf(third)).toMatch(/--max-requests 2 reached.*request cap/s);
    expect(third.structuredContent).toMatchObject({ error: { kind: 'request-cap' } });
    expect(await sb.requestCount()).toBe(before + 2);
    // a tool that sends nothing still answers, and says what the session spent
    expect((await s.call('quota_get')).structuredContent).toMatchObject({ session: 2 });
    await s.close();
  });

  it('an API 403 (a Viewer creating a form) is a tool error with the status and what to do', async () => {
    const s = await mcpSession(sb, { role: 'viewer', allowWrite: true });
    const r = await s.call('forms_create', FORM);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/HTTP 403 to POST \/forms: .*\n.*role cannot do that/);
    expect(r.structuredContent).toMatchObject({ error: { kind: 'api', status: 403 } });
    await s.close();
  });

  it('an API 400 with field errors names each field', async () => {
    const s = await mcpSession(sb, { allowWrite: true });
    const qrId = ((await s.call('forms_create', FORM)).structuredContent as { qrId: string }).qrId;
    const r = await s.call('submissions_create', { qrId, answers: { nosuchfield: 'x' } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/HTTP 400[\s\S]*- nosuchfield: [\s\S]*submissions_schema/);
    await s.close();
  });

  it('a secret never appears: not the API key, not the webhook secret', async () => {
    const s = await mcpSession(sb, { allowWrite: true, allowDestructive: true });
    await s.call('webhook_set', { enabled: true, url: 'https://example.com/hook', rotateSecret: true });
    const secret = ((await sb.api('GET', '/account/webhook')).body as { data: { secret: string } }).data.secret;
    expect(secret.length).toBeGreaterThan(8);
    await s.call('webhook_get');
    await s.call('forms_list');
    await s.call('team_list');
    await s.call('forms_get', { qrId: 'NOSUCHFORM' });
    const all = s.texts.join('\n');
    expect(all).toContain('https://example.com/hook');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(sb.keys.owner);
    await s.close();
  });
});

describe('the monthly quota', () => {
  it('an API 429 is a tool error that says not to retry', async () => {
    const small = await startSandbox({ quota: 1 });
    const s = await mcpSession(small);
    expect((await s.call('forms_list')).isError).toBeFalsy();
    const r = await s.call('forms_list');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/HTTP 429[\s\S]*quota is used up[\s\S]*Do not retry/);
    expect(r.structuredContent).toMatchObject({ error: { kind: 'api', status: 429 } });
    await s.close();
    await small.stop();
  });
});
