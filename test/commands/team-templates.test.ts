import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/commandSandbox.js';
import { gallery } from '../../src/sandbox/templates/gallery.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(() => sb.stop());

describe('formctl team', () => {
  it('checks roles, e-mails and where passwords come from before any request', async () => {
    const before = await sb.requestCount();
    const cases: Array<[string[], RegExp, string?]> = [
      [['team', 'add', 'a@example.com', '--role', 'Owner', '--password-stdin'], /--role: "Owner" is not a member role; expected one of Admin, Editor, Viewer/, 'pw\n'],
      [['team', 'add', 'not-an-email', '--role', 'Editor', '--password-stdin'], /^error: "not-an-email" is not an e-mail address/, 'pw\n'],
      [['team', 'add', 'a@example.com', '--role', 'Editor'], /needs an answer but stdin is not a terminal: pass --password-stdin/],
      [['team', 'add', 'a@example.com', '--role', 'Editor', '--password-stdin'], /--password-stdin: expected 1 line on stdin/, ''],
      [['team', 'reset-password', 'me@example.com', '--password-stdin'], /the new password and its confirmation differ/, 'old\nnew\nother\n'],
      [['team', 'update', 'x1'], /nothing to change/],
      [['team', 'rename', '', '--password-stdin'], /the team name must be 1 to 100 characters/, 'pw\n'],
    ];
    for (const [args, message, input] of cases) {
      const r = await sb.cli(args, { input });
      expect([r.exitCode, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    expect((await sb.cli(['team', 'add', 'a@example.com', '--password-stdin'], { input: 'pw\n' })).exitCode).toBe(2); // --role is mandatory
    expect(await sb.requestCount()).toBe(before);
  });

  it('adds, updates, blocks, unblocks and removes a member; passwords only from stdin; confirmations need --yes in a pipe', async () => {
    const add = await sb.cli(['team', 'add', 'nina@example.com', '--role', 'editor', '--name', 'Nina', '--password-stdin', '--json'], { input: 'first-pass\n' });
    expect(add.exitCode).toBe(0);
    const nina = JSON.parse(add.stdout);
    expect(nina).toEqual({ id: expect.any(String), name: 'Nina', email: 'nina@example.com', userType: 'Editor', blocked: false, teamName: '' });
    expect(add.stdout + add.stderr).not.toContain('first-pass');
    const up = await sb.cli(['team', 'update', 'nina@example.com', '--role', 'viewer', '--json']);
    expect(JSON.parse(up.stdout).userType).toBe('Viewer');
    const refused = await sb.cli(['team', 'block', nina.id]);
    expect([refused.exitCode, refused.stderr]).toEqual([2, expect.stringMatching(/pass --yes/)]);
    const blocked = await sb.cli(['team', 'block', nina.id, '--yes', '--json']);
    expect(JSON.parse(blocked.stdout).blocked).toBe(true);
    const key = (await sb.admin<Array<{ email: string; key: string }>>('GET', '/_sandbox/keys')).find((k) => k.email === 'nina@example.com')!.key;
    expect((await sb.api('GET', '/forms', { key })).status).toBe(401);
    expect(JSON.parse((await sb.cli(['team', 'unblock', nina.id, '--json'])).stdout).blocked).toBe(false);
    expect((await sb.api('GET', '/forms', { key })).status).toBe(200);
    expect((await sb.cli(['team', 'remove', 'nina@example.com'])).exitCode).toBe(2);
    const removed = await sb.cli(['team', 'remove', 'nina@example.com', '--yes']);
    expect([removed.exitCode, removed.stderr]).toEqual([0, 'Team member removed: nina@example.com.\n']);
    const list = JSON.parse((await sb.cli(['team', 'list', '--json'])).stdout);
    expect(list.map((m: any) => m.email)).not.toContain('nina@example.com');
  });

  it('changes your own password and renames the team with the login password from stdin', async () => {
    const me = (await sb.admin<Array<{ role: string; memberId: string; password: string }>>('GET', '/_sandbox/keys')).find((k) => k.role === 'viewer')!;
    expect(me.password).toBe('sandbox-password');
    const r = await sb.cli(['team', 'reset-password', me.memberId, '--password-stdin'], { role: 'viewer', input: 'sandbox-password\nnew-pass\nnew-pass\n' });
    expect([r.exitCode, r.stderr]).toEqual([0, 'Password changed.\n']);
    // a wrong current password, and another member's password, said in formctl's words
    const wrongOld = await sb.cli(['team', 'reset-password', me.memberId, '--password-stdin'], { role: 'viewer', input: 'not-it\nx\nx\n' });
    expect([wrongOld.exitCode, wrongOld.stderr]).toEqual([1, expect.stringMatching(/^error: the current password is not this member's \(the service: oldPass is incorrect\); nothing changed/)]);
    const other = await sb.cli(['team', 'reset-password', me.memberId, '--password-stdin'], { input: 'a\nb\nb\n' });
    expect([other.exitCode, other.stderr]).toEqual([1, expect.stringContaining(`With an Owner's or Admin's key: formctl team update ${me.memberId} --password-stdin`)]);
    // by e-mail a Viewer cannot: the lookup is the team list, which only Owners and Admins may read
    const byMail = await sb.cli(['team', 'reset-password', 'viewer@sandbox.test', '--password-stdin'], { role: 'viewer', input: 'new-pass\nnewer\nnewer\n' });
    expect([byMail.exitCode, byMail.stderr]).toEqual([4, expect.stringMatching(/cannot be looked up with this key .*give the member id instead/)]);
    // an e-mail nobody has: asked the service, so exit 1 (2 means no request was sent)
    const ghost = await sb.cli(['team', 'update', 'ghost@example.com', '--role', 'Viewer']);
    expect([ghost.exitCode, ghost.stderr]).toEqual([1, expect.stringMatching(/no team member has the e-mail ghost@example.com/)]);
    const wrong = await sb.cli(['team', 'rename', 'Ops', '--password-stdin'], { input: 'nope\n' });
    expect([wrong.exitCode, wrong.stderr]).toEqual([1, expect.stringMatching(/password is incorrect/)]);
    const ok = await sb.cli(['team', 'rename', 'Ops', '--password-stdin'], { input: 'sandbox-password\n' });
    expect([ok.exitCode, ok.stderr]).toEqual([0, 'Team renamed: Ops.\n']);
  });

  it('on a terminal asks for passwords at hidden prompts and confirms before blocking or removing', async () => {
    const add = await sb.run(['team', 'add', 'tty@example.com', '--role', 'Viewer', '--json'], { tty: true, script: [{ ask: /^Login password for tty@example.com:$/, answer: 'typed-secret' }] });
    expect(add.exitCode).toBe(0);
    expect(add.stdout).not.toContain('typed-secret');
    const id = JSON.parse(add.stdout).id;
    const no = await sb.run(['team', 'block', id], { tty: true, script: [{ ask: /^Block team member/, answer: false }] });
    expect(no.exitCode).toBe(130);
    expect(JSON.parse((await sb.cli(['team', 'list', '--json'])).stdout).find((m: any) => m.id === id).blocked).toBe(false);
    const yes = await sb.run(['team', 'remove', id], { tty: true, script: [{ ask: /^Remove team member/, answer: true }] });
    expect(yes.exitCode).toBe(0);
    const rename = await sb.run(['team', 'rename', 'Ops 2'], { tty: true, script: [{ ask: /^Your login password:$/, answer: 'sandbox-password' }] });
    expect([rename.exitCode, rename.stderr]).toEqual([0, 'Team renamed: Ops 2.\n']);
  });

  it('explains the plan gate', async () => {
    await sb.admin('PUT', '/_sandbox/account', { plan: 'starter' });
    try {
      const r = await sb.cli(['team', 'list']);
      expect([r.exitCode, r.stderr]).toEqual([1, expect.stringMatching(/does not include team members.*formctl sandbox plan business/)]);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { plan: 'business' });
    }
  });
});

describe('formctl templates', () => {
  const quiz = gallery().templates.find((t) => t.title === 'Geography quiz')!;

  it('checks ids locally and resolves categories by name', async () => {
    const before = await sb.requestCount();
    for (const verb of ['get', 'use', 'favorite', 'unfavorite']) {
      const r = await sb.cli(['templates', verb, 'geography-quiz']);
      expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/is not a template id \(24 hex characters/)]);
    }
    expect((await sb.cli(['templates', 'share', quiz.id, '--to', 'a@x.io,b@x.io,c@x.io,d@x.io,e@x.io,f@x.io'])).exitCode).toBe(2);
    expect(await sb.requestCount()).toBe(before);
    const list = JSON.parse((await sb.cli(['templates', 'list', '--category', 'education', '--json'])).stdout);
    expect(list.map((t: any) => t.title)).toContain('Geography quiz');
    const unknown = await sb.cli(['templates', 'list', '--category', 'Gardening']);
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringMatching(/no category is named "Gardening"; expected one of Events, Education/)]);
  });

  it('shows an outline on a terminal and the raw record as JSON; uses a template to create a form', async () => {
    const outline = await sb.run(['templates', 'get', quiz.id], { tty: true, columns: 120 });
    expect(outline.stdout).toMatch(/^Geography quiz — Education \(quiz\)$/m);
    expect(outline.stdout).toMatch(/^ {3}1\. radio +Capital of France\? +\(Paris \| Lyon \| Marseille\) +\[2 pt, answer: paris\]$/m);
    const raw = JSON.parse((await sb.cli(['templates', 'get', quiz.id, '-o', 'json'])).stdout);
    expect(Object.values(raw.form.fields)[0]).toMatchObject({ name: 'FormRadio' });
    // one nested record: no CSV of it (exit 2, before any request)
    const csv = await sb.cli(['templates', 'get', quiz.id, '-o', 'csv']);
    expect([csv.exitCode, csv.stderr]).toEqual([2, expect.stringMatching(/templates get prints a template as JSON/)]);
    // templates use answers with a form: its columns and formats are a form's
    const asCsv = await sb.cli(['templates', 'use', quiz.id, '--title', 'CSV quiz', '-o', 'csv', '--columns', 'qrId,title']);
    expect([asCsv.exitCode, asCsv.stdout]).toEqual([0, expect.stringMatching(/^qrId,title\n[A-Z0-9]+,CSV quiz\n$/)]);
    const use = await sb.cli(['templates', 'use', quiz.id, '--title', 'Spring quiz', '-q']);
    expect(use.exitCode).toBe(0);
    const form = (await sb.api('GET', `/forms/${use.stdout.trim()}`)).body.data;
    expect(form).toMatchObject({ title: 'Spring quiz', isQuiz: true });
    expect(form.fields.map((f: any) => f.type)).toEqual(['radio', 'shortText', 'number', 'checkbox']);
  });

  it('keeps favorites, shares, and saves a form as a private template that reads back the same', async () => {
    expect((await sb.cli(['templates', 'favorite', quiz.id])).exitCode).toBe(0);
    expect(JSON.parse((await sb.cli(['templates', 'favorites', '--json'])).stdout).map((t: any) => t.id)).toEqual([quiz.id]);
    expect((await sb.cli(['templates', 'unfavorite', quiz.id])).exitCode).toBe(0);
    expect(JSON.parse((await sb.cli(['templates', 'favorites', '--json'])).stdout)).toEqual([]);
    expect((await sb.cli(['templates', 'share', quiz.id, '--to', 'ana@example.com'])).exitCode).toBe(0);
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Kept', shortText: 's', fields: [{ type: 'email', option: { label: 'Mail', required: true } }, { type: 'sheet', option: { label: 'Rows', rowLabels: ['a', 'b'] } }], qrConfig: { qrData: 'pattern1' } } })).body.data.qrId;
    const saved = await sb.cli(['templates', 'save', qrId, '--category', 'Business', '--title', 'Our template', '--json']);
    expect(saved.exitCode).toBe(0);
    const t = JSON.parse(saved.stdout);
    expect(t).toMatchObject({ title: 'Our template', categoryName: 'Business' });
    expect(JSON.parse((await sb.cli(['templates', 'mine', '--json'])).stdout).map((x: any) => x.id)).toEqual([t.id]);
    const body = (await sb.api('GET', `/form-templates/${t.id}/form-create`)).body.data;
    expect(body).toEqual({ title: 'Kept', shortText: 's', qrConfig: { qrData: 'pattern1' }, fields: [{ type: 'email', option: { label: 'Mail', required: true } }, { type: 'sheet', option: { label: 'Rows', rowLabels: ['a', 'b'] } }] });
  });
});
