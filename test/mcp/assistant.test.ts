import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';
import { mcpSession, textOf } from './session.js';

let sb: CommandSandbox;
beforeAll(async () => {
  sb = await startSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

describe('an assistant session, all through tools', () => {
  it('draft → create → submit two answers → aggregate → export, with every request counted', async () => {
    const s = await mcpSession(sb, { allowWrite: true });
    const first = await sb.lastRequestId();
    const draft = (await s.call('ai_draft', { prompt: 'a sign-up form for a Saturday workshop with a meal choice' })).structuredContent!;
    const form = (await s.call('forms_create', draft)).structuredContent as { qrId: string; fields: Array<{ key: string; type: string; option: { options?: Array<{ value: string }> } }> };
    const choice = form.fields.find((f) => f.type === 'radio')!;
    const [a, b] = choice.option.options!.map((o) => o.value);
    const required = Object.fromEntries(form.fields.filter((f) => (f.option as { required?: boolean }).required).map((f) => [f.key, f.type === 'email' ? 'ann@example.com' : f.type === 'name' ? { firstName: 'Ann', lastName: 'Lee' } : 'x']));
    for (const value of [a, b]) expect((await s.call('submissions_create', { qrId: form.qrId, answers: { ...required, [choice.key]: value } })).isError).toBeFalsy();
    const counts = (await s.call('submissions_aggregate', { qrId: form.qrId, fields: [choice.key] })).structuredContent as { submissions: number; fields: Array<{ options: Array<{ count: number }> }> };
    expect(counts.submissions).toBe(2);
    expect(counts.fields[0]!.options.slice(0, 2).map((o) => o.count)).toEqual([1, 1]);
    const csv = await s.call('submissions_export', { qrId: form.qrId, since: 'today' });
    expect(csv.content.find((c) => c.type === 'resource')).toMatchObject({ resource: { mimeType: 'text/csv' } });
    // draft 1, create 1, two submissions, aggregate 1 page, export 1 page: 6, as the sandbox logged them
    const logged = (await sb.requestsSince(first)).length;
    expect(s.requests()).toBe(6);
    expect(logged).toBe(6);
    expect((await s.call('quota_get')).structuredContent).toMatchObject({ session: 6, used: 6 });
    await s.close();
  });
});

describe('quota spent only where it answers', () => {
  it('aggregate refuses a field key after page 1, not after every page; templates_get is one request', async () => {
    const s = await mcpSession(sb, { allowWrite: true });
    const form = (await s.call('forms_create', { title: 'Many', shortText: '', fields: [{ type: 'radio', option: { label: 'Meal', options: [{ name: 'Veg', value: 'veg' }] } }] })).structuredContent as { qrId: string };
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: form.qrId, count: 250 });
    const before = s.requests();
    const bad = await s.call('submissions_aggregate', { qrId: form.qrId, fields: ['nope'] });
    expect([bad.isError, textOf(bad)]).toEqual([true, expect.stringMatching(/fields: nope is not a choice field/)]);
    expect(s.requests() - before).toBe(1);
    const category = ((await s.call('templates_categories')).structuredContent as { items: Array<{ id: string }> }).items[0]!.id;
    const templateId = ((await s.call('templates_list', { categoryId: category, limit: 1 })).structuredContent as { items: Array<{ id: string }> }).items[0]!.id;
    const atGet = s.requests();
    expect((await s.call('templates_get', { templateId })).isError).toBeFalsy();
    expect(s.requests() - atGet).toBe(1);
    await s.close();
  });
});

describe('resources and prompts', () => {
  it("lists each form's definition and submission schema, and reads the definition as forms pull writes it", async () => {
    const s = await mcpSession(sb, { allowWrite: true });
    const qrId = ((await s.call('forms_create', { title: 'Listed', shortText: '', fields: [{ type: 'email', option: { label: 'E-mail' } }] })).structuredContent as { qrId: string }).qrId;
    const beforeList = s.requests();
    const { resources } = await s.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining([`formctl://forms/${qrId}`, `formctl://forms/${qrId}/submission-schema`]));
    // a listing is one request, however many forms the account has
    expect(s.requests() - beforeList).toBe(1);
    const def = await s.client.readResource({ uri: `formctl://forms/${qrId}` });
    const text = (def.contents[0] as { text: string }).text;
    const pulled = await sb.run(['forms', 'pull', qrId, '-o', 'yaml']);
    expect(text).toBe(pulled.stdout);
    expect(parse(text)).toMatchObject({ title: 'Listed', fields: [{ type: 'email' }] });
    const schema = await s.client.readResource({ uri: `formctl://forms/${qrId}/submission-schema` });
    expect(JSON.parse((schema.contents[0] as { text: string }).text)).toMatchObject({ qrId, title: 'Listed' });
    await expect(s.client.readResource({ uri: 'formctl://forms/NOSUCH' })).rejects.toThrow(/HTTP 400 to GET \/forms\/NOSUCH: Form not found\nNothing has that id/);
    await s.close();
  });

  it('offers the three prompts, naming the tools that answer them', async () => {
    const s = await mcpSession(sb);
    expect((await s.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['draft_form', 'summarize_submissions', 'weekly_export']);
    const p = await s.client.getPrompt({ name: 'summarize_submissions', arguments: { qrId: 'AB12', since: '7d' } });
    expect((p.messages[0]!.content as { text: string }).text).toMatch(/submissions_aggregate with since "7d"/);
    expect(textOf({ content: [] })).toBe('');
    await s.close();
  });
});
