import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/mcp/server.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';
import { mcpSession, textOf, type McpSession } from './session.js';

// Every tool called with good input against the sandbox, in the order an assistant would use them.

let sb: CommandSandbox;
let s: McpSession;
const called = new Set<string>();
beforeAll(async () => {
  sb = await startSandbox({ plan: 'business' });
  s = await mcpSession(sb, { allowWrite: true, allowDestructive: true });
});
afterAll(async () => {
  await s.close();
  await sb.stop();
});

async function ok(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult & { structuredContent?: any }> {
  const r = await s.call(name, args);
  expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
  called.add(name);
  return r as never;
}

const FORM = {
  title: 'Workshop sign-up',
  shortText: 'Saturday',
  fields: [
    { type: 'radio', option: { label: 'Meal', required: true, options: [{ name: 'Vegetarian', value: 'veg' }, { name: 'Fish', value: 'fish' }] } },
    { type: 'checkbox', option: { label: 'Sessions', options: [{ name: 'Morning', value: 'am' }, { name: 'Afternoon', value: 'pm' }] } },
    { type: 'email', option: { label: 'E-mail' } },
  ],
};

describe('every tool, good input', () => {
  it('forms, submissions, ai, analytics, presets, templates, team, webhook, quota', async () => {
    const created = await ok('forms_create', FORM);
    const qrId = created.structuredContent.qrId as string;
    expect(textOf(created)).toContain(`Created form ${qrId}`);
    expect((await ok('forms_list', { all: true })).structuredContent.items.map((f: { qrId: string }) => f.qrId)).toContain(qrId);
    await ok('forms_list', { page: 1, limit: 10, sort: '2' });
    const form = (await ok('forms_get', { qrId })).structuredContent;
    const [meal, sessions] = form.fields.map((f: { key: string }) => f.key);
    expect(textOf(await ok('forms_link', { qrId }))).toContain(form.shortUrl);
    const qr = await ok('forms_qr', { qrId, format: 'png', resolution: 256 });
    expect(qr.content.find((c) => c.type === 'image')).toMatchObject({ mimeType: 'image/png' });
    expect((await ok('forms_qr', { qrId, format: 'svg' })).content.find((c) => c.type === 'resource')).toBeTruthy();
    await ok('forms_update', { qrId, title: 'Workshop sign-up (Saturday)' });
    expect(textOf(await ok('submissions_schema', { qrId }))).toContain(meal);
    await ok('submissions_validate', { qrId, answers: { [meal]: 'veg' } });
    const sub = (await ok('submissions_create', { qrId, answers: { [meal]: 'veg', [sessions]: ['am', 'pm'] } })).structuredContent.submissionId as string;
    await ok('submissions_create', { qrId, answers: { [meal]: 'fish', [sessions]: ['am'] }, idempotencyKey: 'k-1' });
    expect((await ok('submissions_list', { qrId, since: '1d' })).structuredContent.total).toBe(2);
    await ok('submissions_get', { submissionId: sub });
    await ok('submissions_update', { submissionId: sub, answers: { [meal]: 'fish', [sessions]: ['pm'] } });
    const agg = await ok('submissions_aggregate', { qrId });
    expect(agg.structuredContent.fields.map((f: { options: Array<{ count: number }> }) => f.options.map((o) => o.count))).toEqual([[0, 2], [1, 1]]);
    expect(textOf(agg)).toContain('Fish 2');
    const csv = await ok('submissions_export', { qrId, headers: 'key' });
    expect(textOf(csv).trim().split('\n')).toHaveLength(4); // summary, header, two rows
    const draft = (await ok('ai_draft', { prompt: 'a registration form for a Saturday workshop' })).structuredContent;
    const refined = (await ok('ai_refine', { prompt: 'add a date of birth please', currentForm: draft })).structuredContent;
    expect(refined.fields.length).toBe(draft.fields.length + 1);
    await ok('analytics_get', { qrId, period: 'month', tz: 'Europe/Paris' });
    await ok('presets_list');
    const category = (await ok('templates_categories')).structuredContent.items[0].id as string;
    const template = (await ok('templates_list', { categoryId: category, limit: 2 })).structuredContent.items[0].id as string;
    expect(textOf(await ok('templates_get', { templateId: template }))).toMatch(/\d\. /);
    await ok('templates_use', { templateId: template, title: 'From a template' });
    const members = (await ok('team_list')).structuredContent.items as Array<{ id: string; userType: string }>;
    const viewer = members.find((m) => m.userType === 'Viewer')!;
    await ok('team_update', { memberId: viewer.id, name: 'Renamed viewer' });
    await ok('team_remove', { memberId: viewer.id });
    await ok('webhook_set', { enabled: true, url: 'https://example.com/hook', rotateSecret: true });
    expect((await ok('webhook_get')).structuredContent).toEqual({ enabled: true, url: 'https://example.com/hook' });
    expect((await ok('quota_get')).structuredContent).toMatchObject({ session: s.requests() });
    const copies = (await ok('forms_clone', { qrId, count: 2 })).structuredContent.copies as Array<{ qrId: string }>;
    await ok('forms_share', { qrId, recipients: 'ann@example.com,bob@example.com' });
    await ok('submissions_delete', { submissionIds: [sub] });
    await ok('forms_archive', { qrId });
    await ok('forms_restore', { qrId });
    await ok('forms_delete', { qrIds: copies.map((c) => c.qrId) });
    expect([...called].sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
  });
});
