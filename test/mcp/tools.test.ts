import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/mcp/server.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';
import { mcpSession, textOf } from './session.js';

// The tools as an assistant sees them: listed with valid JSON schemas and honest annotations, offered
// by the session's permissions, each answering good input with data and bad input with a tool error
// that costs no request.

let sb: CommandSandbox;
beforeAll(async () => {
  sb = await startSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

const FORM = {
  title: 'Workshop sign-up',
  shortText: 'Saturday',
  fields: [
    { type: 'radio', option: { label: 'Meal', required: true, options: [{ name: 'Vegetarian', value: 'veg' }, { name: 'Fish', value: 'fish' }] } },
    { type: 'email', option: { label: 'E-mail' } },
  ],
};

describe('tools/list', () => {
  it('read-only by default: only the tools that change nothing, each with a valid JSON schema and annotations', async () => {
    const s = await mcpSession(sb);
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(ALL_TOOLS.filter((t) => t.effect === 'read').map((t) => t.name));
    const ajv = new Ajv({ strict: false });
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();
      expect(t.description!.length, t.name).toBeGreaterThan(20);
      expect(t.annotations, t.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: expect.any(Boolean), openWorldHint: t.name !== 'quota_get' });
    }
    await s.close();
  });

  it('--allow-write adds the writing tools, --allow-destructive the destructive ones, each marked so', async () => {
    const write = await mcpSession(sb, { allowWrite: true });
    const names = (await write.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('forms_create');
    expect(names).not.toContain('forms_delete');
    await write.close();
    const all = await mcpSession(sb, { allowWrite: true, allowDestructive: true });
    const tools = (await all.client.listTools()).tools;
    expect(tools.map((t) => t.name)).toEqual(ALL_TOOLS.map((t) => t.name));
    for (const name of ['forms_delete', 'forms_archive', 'submissions_delete', 'team_remove', 'webhook_set']) {
      expect(tools.find((t) => t.name === name)!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
    expect(tools.find((t) => t.name === 'forms_create')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    await all.close();
  });

  it('a tool left out by the permissions cannot be called either', async () => {
    const s = await mcpSession(sb);
    const r = await s.call('forms_create', FORM);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/forms_create not found/);
    await s.close();
  });
});

describe('bad input: a tool error naming the field, no request spent', () => {
  it.each(ALL_TOOLS.map((t) => [t.name]))('%s', async (name) => {
    const s = await mcpSession(sb, { allowWrite: true, allowDestructive: true });
    const before = await sb.requestCount();
    const r = await s.call(name, { notAnArgument: 1 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/notAnArgument|qrId|submissionId|templateId|memberId|categoryId|answers|prompt|title|fields|enabled|url|format|qrIds|submissionIds|recipients/);
    expect(await sb.requestCount()).toBe(before);
    expect(s.requests()).toBe(0);
    await s.close();
  });

  it.each([
    ['forms_get', { qrId: 'abc1' }, /qrId/],
    ['submissions_get', { submissionId: 'nope' }, /submissionId/],
    ['submissions_delete', { submissionIds: ['x1'] }, /submissionIds\[0\]/],
    ['submissions_list', { qrId: 'AB12', since: 'last tuesday-ish' }, /since/],
    ['forms_update', { qrId: 'AB12', fields: FORM.fields }, /fields.*replaceFields/],
    ['forms_clone', { qrId: 'AB12', count: 11 }, /count/],
    ['forms_share', { qrId: 'AB12', recipients: 'not-an-address' }, /recipients|address/],
    ['forms_qr', { qrId: 'AB12', format: 'png', resolution: 5 }, /resolution/],
    ['analytics_get', { qrId: 'AB12', tz: 'Mars/Olympus' }, /tz/],
    ['templates_get', { templateId: 'zz' }, /templateId/],
    ['ai_draft', { prompt: 'short' }, /prompt/],
    ['forms_create', { ...FORM, fields: [] }, /fields/],
  ])('%s %j', async (name, args, named) => {
    const s = await mcpSession(sb, { allowWrite: true, allowDestructive: true });
    const before = await sb.requestCount();
    const r = await s.call(name, args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(named);
    expect(await sb.requestCount()).toBe(before);
    await s.close();
  });
});
