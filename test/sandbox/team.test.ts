import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// spec §4.6 over HTTP, every rule and refusal
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

const SEEDED_PASSWORD = 'sandbox-password';

describe('team routes (spec §4.6)', () => {
  it('are plan-gated: below Business a 400 that says so, before the role check (spec §7 order)', async () => {
    await sb.admin('PUT', '/_sandbox/account', { plan: 'starter' });
    try {
      for (const as of ['owner', 'viewer'] as const) {
        const r = await sb.api('GET', '/team/members', { as });
        expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/does not include team members.*Business/)]);
      }
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { plan: 'business' });
    }
  });

  it('lists members without passwords or keys; Editor and Viewer get 403', async () => {
    const r = await sb.api('GET', '/team/members');
    expect(r.status).toBe(200);
    expect(r.body.data.members.map((m: any) => m.userType)).toEqual(['Owner', 'Admin', 'Editor', 'Editor', 'Viewer']);
    expect(Object.keys(r.body.data.members[0])).toEqual(['id', 'name', 'email', 'userType', 'blocked', 'teamName']);
    expect(JSON.stringify(r.body)).not.toMatch(/fk_|password|sandbox-password/);
    for (const as of ['editor', 'viewer'] as const) expect((await sb.api('GET', '/team/members', { as })).status).toBe(403);
  });

  it('adds a member with a key of their own, refuses a duplicate e-mail and a full plan', async () => {
    const add = await sb.api('POST', '/team/members', { as: 'admin', body: { email: 'nina@sandbox.test', password: 'first-pass', userType: 'Editor', subDomainIds: ['a1'] } });
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ message: 'Team member added', member: { name: 'nina', email: 'nina@sandbox.test', userType: 'Editor', blocked: false } });
    expect(JSON.stringify(add.body)).not.toMatch(/first-pass|fk_/);
    const dup = await sb.api('POST', '/team/members', { body: { email: 'NINA@sandbox.test', password: 'x', userType: 'Viewer' } });
    expect([dup.status, dup.body.message]).toEqual([400, 'A member with this e-mail already exists']);
    const bad = await sb.api('POST', '/team/members', { body: { email: 'z@sandbox.test', password: 'x', userType: 'Owner' } });
    expect(bad.status).toBe(400);
    // business: 10 members besides the owner; 5 exist now
    for (let i = 0; i < 5; i++) expect((await sb.api('POST', '/team/members', { body: { email: `m${i}@sandbox.test`, password: 'x', userType: 'Viewer' } })).status).toBe(200);
    const full = await sb.api('POST', '/team/members', { body: { email: 'one-too-many@sandbox.test', password: 'x', userType: 'Viewer' } });
    expect([full.status, full.body.message]).toEqual([400, expect.stringMatching(/no team member slots left on your plan \(10 members\)/)]);
    // the new member's own key works: found through the store, as the member would read it in their settings
    const key = sb.sandbox.store.members.byEmail('nina@sandbox.test')!.api_key;
    expect((await sb.api('GET', '/forms', { key })).status).toBe(200);
  });

  it('updates, blocks (the key then answers 401), changes the role for the next request, and keeps removed members\' forms', async () => {
    const id = sb.sandbox.store.members.byEmail('nina@sandbox.test')!.id;
    const key = sb.sandbox.store.members.byEmail('nina@sandbox.test')!.api_key;
    const form = (await sb.api('POST', '/forms', { key, body: { title: 'Nina', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data.qrId;
    const up = await sb.api('PUT', `/team/members/${id}`, { body: { name: 'Nina N.', userType: 'Viewer' } });
    expect(up.body.data.member).toMatchObject({ name: 'Nina N.', userType: 'Viewer' });
    expect((await sb.api('POST', '/forms', { key, body: { title: 'x', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).status).toBe(403);
    await sb.api('PUT', `/team/members/${id}`, { body: { block: true } });
    const blocked = await sb.api('GET', '/forms', { key });
    expect([blocked.status, blocked.body.message]).toEqual([401, 'This API key belongs to a blocked team member']);
    await sb.api('PUT', `/team/members/${id}`, { body: { block: false } });
    expect((await sb.api('GET', '/forms', { key })).status).toBe(200);
    const owner = (await sb.api('GET', '/team/members')).body.data.members[0];
    expect((await sb.api('PUT', `/team/members/${owner.id}`, { as: 'admin', body: { name: 'x' } })).status).toBe(400);
    expect((await sb.api('DELETE', `/team/members/${owner.id}`, { as: 'admin' })).status).toBe(400);
    expect((await sb.api('DELETE', `/team/members/${'0'.repeat(24)}`)).body.message).toBe('Team member not found');
    const del = await sb.api('DELETE', `/team/members/${id}`);
    expect(del.body.data).toEqual({ message: 'Team member removed' });
    expect((await sb.api('GET', '/forms', { key })).status).toBe(401);
    // the form survives, now the owner's: an Editor cannot change it, the owner can
    expect((await sb.api('GET', `/forms/${form}`)).status).toBe(200);
    expect(sb.sandbox.store.forms.find(form)!.creator_id).toBe(owner.id);
  });

  it('reset-password: only with the member\'s own key, confirmPass must match, oldPass must be right', async () => {
    const keys = Object.fromEntries(sb.sandbox.store.members.seededKeys().map((k) => [k.role, k]));
    const editor = keys.editor!;
    const path = `/team/members/${editor.memberId}/reset-password`;
    const byAdmin = await sb.api('POST', path, { as: 'admin', body: { oldPass: SEEDED_PASSWORD, newPass: 'n', confirmPass: 'n' } });
    expect([byAdmin.status, byAdmin.body.message]).toEqual([400, expect.stringMatching(/only be reset with their own key/)]);
    expect((await sb.api('POST', path, { as: 'editor', body: { oldPass: SEEDED_PASSWORD, newPass: 'a', confirmPass: 'b' } })).body.message).toBe('confirmPass must equal newPass');
    expect((await sb.api('POST', path, { as: 'editor', body: { oldPass: 'wrong', newPass: 'a', confirmPass: 'a' } })).body.message).toBe('oldPass is incorrect');
    const ok = await sb.api('POST', path, { as: 'editor', body: { oldPass: SEEDED_PASSWORD, newPass: 'better-pass', confirmPass: 'better-pass' } });
    expect([ok.status, ok.body.data]).toEqual([200, { message: 'Password changed' }]);
    expect(sb.sandbox.store.members.seededKeys().find((k) => k.role === 'editor')!.password).toBe('(changed)');
    expect((await sb.api('POST', path, { as: 'editor', body: { oldPass: 'better-pass', newPass: 'c', confirmPass: 'c' } })).status).toBe(200);
    // passwords are hashed off the event loop: two resets from the same old password at once, and
    // only one of them changes it (the other is refused, as it would be one after the other)
    const both = await Promise.all(['d', 'e'].map((p) => sb.api('POST', path, { as: 'editor', body: { oldPass: 'c', newPass: p, confirmPass: p } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const won = both[0]!.status === 200 ? 'd' : 'e';
    expect((await sb.api('POST', path, { as: 'editor', body: { oldPass: won, newPass: 'f', confirmPass: 'f' } })).status).toBe(200);
  });

  it('PATCH /team renames the team with the caller\'s login password', async () => {
    expect((await sb.api('PATCH', '/team', { body: { teamName: 'Ops', password: 'nope' } })).body.message).toBe('password is incorrect');
    const r = await sb.api('PATCH', '/team', { body: { teamName: 'Ops', password: SEEDED_PASSWORD } });
    expect(r.body.data).toEqual({ message: 'Team renamed', teamName: 'Ops' });
    expect((await sb.api('GET', '/team/members')).body.data.members.every((m: any) => m.teamName === 'Ops')).toBe(true);
    expect((await sb.api('PATCH', '/team', { as: 'editor', body: { teamName: 'x', password: SEEDED_PASSWORD } })).status).toBe(403);
  });
});
