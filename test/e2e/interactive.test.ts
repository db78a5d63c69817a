import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir, waitFor } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

// The interactive paths in a real terminal (util-linux `script`): the keys a person types, the screen they read.
const dir = tempDir();
let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(async () => {
  await sb.stop();
  dir.remove();
});

const DOWN = '\u001b[B';
const UP = '\u001b[A';

function terminal(args: string[], extraEnv: Record<string, string> = {}) {
  const command = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, TERM: 'xterm', ...extraEnv });
  const child = execa('script', ['-qec', `stty cols 110 rows 40; ${command}`, '/dev/null'], { env, extendEnv: false, reject: false, buffer: false, stdin: 'pipe' });
  let screen = '';
  child.stdout!.on('data', (c: Buffer) => (screen += c.toString()));
  let seen = 0;
  /** waits for `prompt` to appear after what was answered so far, then types `keys` */
  const answer = async (prompt: string, keys: string) => {
    await waitFor(() => screen.indexOf(prompt, seen) >= 0, `"${prompt}" on the screen`);
    seen = screen.indexOf(prompt, seen) + prompt.length;
    child.stdin!.write(keys);
  };
  return { child, answer, screen: () => screen };
}

const forms = async () => (await sb.api('GET', '/forms?limit=100')).body.data.items as Array<{ qrId: string; title: string }>;

describe('the form builder in a real terminal', () => {
  it('builds a form from blank with three field types and creates it with one request', async () => {
    const t = terminal(['forms', 'create']);
    await t.answer('Start from', '\r');
    await t.answer('Title', 'Picnic\r');
    await t.answer('Short text', 'Bring a blanket\r');
    await t.answer('What next?', '\r'); // add a field
    await t.answer('Field type', '\r'); // name
    await t.answer('Label', 'Your name\r');
    await t.answer('Required?', 'y\r');
    await t.answer('Hint', '\r');
    await t.answer('What next?', '\r');
    await t.answer('Field type', `${DOWN.repeat(3)}\r`); // email
    await t.answer('Label', 'E-mail\r');
    await t.answer('Required?', 'y\r');
    await t.answer('Hint', '\r');
    await t.answer('What next?', '\r');
    await t.answer('Field type', `${DOWN.repeat(8)}\r`); // radio
    await t.answer('Label', 'Food\r');
    await t.answer('Required?', 'n\r');
    await t.answer('Hint', '\r');
    await t.answer('Options, comma-separated', 'Sandwiches, Salad\r');
    await t.answer('3. radio', '');
    await t.answer('What next?', `${DOWN.repeat(7)}\r`); // create
    const r = await t.child;
    expect(r.exitCode).toBe(0);
    expect(t.screen()).toMatch(/Created form [A-Z0-9]+ "Picnic"/);
    const made = (await forms()).find((f) => f.title === 'Picnic')!;
    const form = (await sb.api('GET', `/forms/${made.qrId}`)).body.data;
    expect(form.fields.map((f: any) => `${f.type}:${f.option.label}${f.option.required ? '*' : ''}`)).toEqual(['name:Your name*', 'email:E-mail*', 'radio:Food']);
  }, 30_000);

  it('Ctrl-C half-way creates nothing and exits 130', async () => {
    const before = (await forms()).length;
    const t = terminal(['forms', 'create']);
    await t.answer('Start from', '\r');
    await t.answer('Title', 'Never made\r');
    await t.answer('Short text', '\r');
    await t.answer('What next?', '\u0003');
    expect((await t.child).exitCode).toBe(130);
    expect((await forms()).length).toBe(before);
  }, 30_000);
});

describe('ai draft in a real terminal', () => {
  it('Ctrl-C at the menu asks before the draft is dropped; a second Ctrl-C drops it (exit 130), nothing created', async () => {
    const before = (await forms()).length;
    const t = terminal(['ai', 'draft', 'Book club sign-up with name and favourite genre']);
    await t.answer('What next?', '\u0003');
    await t.answer('Discard the draft?', '\u0003');
    expect((await t.child).exitCode).toBe(130);
    expect((await forms()).length).toBe(before);
  }, 30_000);

  it('drafts from a sentence, refines it, then creates it', async () => {
    const t = terminal(['ai', 'draft', 'Workshop sign-up with name, e-mail and T-shirt size S, M or L']);
    await t.answer('What next?', '\r'); // refine
    await t.answer('Refine:', 'add a date of birth after E-mail\r');
    await t.answer('+ calendar Date of birth', '');
    await t.answer('What next?', `${DOWN}${DOWN}\r`); // create
    const r = await t.child;
    expect(r.exitCode).toBe(0);
    expect(t.screen()).toContain('Refining the draft: "add a date of birth after E-mail" (1 request)');
    const made = (await forms()).find((f) => f.title === 'Workshop sign-up')!;
    const form = (await sb.api('GET', `/forms/${made.qrId}`)).body.data;
    expect(form.fields.map((f: any) => f.type)).toEqual(['name', 'email', 'calendar', 'radio', 'phone', 'radio', 'longText']);
  }, 30_000);
});

describe('forms edit in a real terminal', () => {
  // the "editor": a node script that rewrites the file as EDIT_MODE says, never an interactive one
  const editor = `${dir.path}/editor.mjs`;
  const editEnv = (mode: string) => ({ EDITOR: `node ${editor}`, EDIT_MODE: mode });
  const newForm = async () => (await sb.api('POST', '/forms', { body: { title: 'Terminal edit', shortText: 's', fields: [{ type: 'email', option: { label: 'Mail' } }, { type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId as string;
  const puts = async (since: number, id: string) => (await sb.requestsSince(since)).filter((r) => r.method === 'PUT' && r.path.endsWith(id)).length;
  beforeAll(() => {
    writeFileSync(editor, `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const d = JSON.parse(readFileSync(file, 'utf8'));
const mode = process.env.EDIT_MODE;
if (mode === 'empty') writeFileSync(file, '');
else { if (mode === 'bad') d.fields[0].type = 'nope'; if (mode === 'remove') d.fields.pop(); d.title = 'Edited in a terminal'; writeFileSync(file, JSON.stringify(d, null, 2)); }
`);
  });

  it('a refused edit, "No": the file stays, named last; fixed, --from sends it', async () => {
    const id = await newForm();
    const since = await sb.lastRequestId();
    const t = terminal(['forms', 'edit', id], editEnv('bad'));
    await t.answer('Edit the file again?', 'n\r');
    const r = await t.child;
    expect(r.exitCode).toBe(2);
    const last = t.screen().trimEnd().split(/\r?\n/).at(-1)!;
    const file = /--from (\S+)$/.exec(last)?.[1];
    expect(last).toMatch(/^Your edit is kept in /);
    expect(existsSync(file!)).toBe(true);
    expect(await puts(since, id)).toBe(0);
    writeFileSync(file!, readFileSync(file!, 'utf8').replace('"nope"', '"email"'));
    const sent = await runCli(['forms', 'edit', id, '--from', file!, '-q'], { env: { FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner } });
    expect(sent.exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${id}`)).body.data.title).toBe('Edited in a terminal');
  }, 30_000);

  it('Ctrl-C while sending: exit 130, and the file is named last', async () => {
    const id = await newForm();
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=20000,route=PUT /forms/${id},count=1` });
    const t = terminal(['forms', 'edit', id], editEnv('rename'));
    await t.answer('Sending title', '\u0003');
    const r = await t.child;
    await sb.admin('DELETE', '/_sandbox/faults');
    expect(r.exitCode).toBe(130);
    // the terminal echoes the ^C before it
    const last = t.screen().trimEnd().split(/\r?\n/).at(-1)!.replace(/^\^C/, '');
    expect(last).toMatch(new RegExp(`^Your edit is kept in (\\S+): send it with  formctl forms edit ${id} --from \\1$`));
    expect(JSON.parse(readFileSync(/--from (\S+)$/.exec(last)![1]!, 'utf8')).title).toBe('Edited in a terminal');
  }, 30_000);

  it('an emptied file sends nothing', async () => {
    const id = await newForm();
    const since = await sb.lastRequestId();
    const t = terminal(['forms', 'edit', id], editEnv('empty'));
    const r = await t.child;
    expect(r.exitCode).toBe(1);
    expect(t.screen()).toContain(`Aborted: the file is empty, nothing sent for ${id}.`);
    expect(await puts(since, id)).toBe(0);
  }, 30_000);

  it('a removal is summed up and asked: declined (the default) sends nothing, confirmed sends it', async () => {
    const id = await newForm();
    const since = await sb.lastRequestId();
    const no = terminal(['forms', 'edit', id], editEnv('remove'));
    await no.answer('Send it, removing 1 field?', '\r');
    expect((await no.child).exitCode).toBe(130);
    expect(no.screen()).toContain('- field shortText "Note": removed, and with it the way to read its answers');
    expect(await puts(since, id)).toBe(0);
    const yes = terminal(['forms', 'edit', id, '-q'], editEnv('remove'));
    await yes.answer('Send it, removing 1 field?', 'y\r');
    expect((await yes.child).exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${id}`)).body.data.fields.map((f: any) => f.option.label)).toEqual(['Mail']);
  }, 30_000);
});

describe('the builder keeps work in a real terminal', () => {
  it('back, a change of type, Cancel with a field asks and saves a draft, which asks before overwriting a file', async () => {
    const taken = `${dir.path}/taken.json`;
    writeFileSync(taken, 'precious');
    const draft = `${dir.path}/trip-draft.json`;
    const t = terminal(['forms', 'create']);
    await t.answer('Start from', '\r');
    await t.answer('Title', 'Trip\r');
    await t.answer('Short text', '\r');
    await t.answer('What next?', '\r'); // add
    await t.answer('Field type', UP + '\r'); // ← Back (the list wraps)
    await t.answer('What next?', '\r'); // add
    await t.answer('Field type', `${DOWN.repeat(8)}\r`); // radio
    await t.answer('Label', 'Seat\r');
    await t.answer('Required?', 'y\r');
    await t.answer('Hint', '\r');
    await t.answer('Options, comma-separated', 'Window, Aisle\r');
    await t.answer('What next?', `${DOWN}\r`); // edit
    await t.answer('Edit which field?', '\r');
    await t.answer('Field "Seat"', `${DOWN.repeat(4)}\r`); // Type: radio (change it)
    await t.answer('New type', `${DOWN.repeat(8)}\r`); // checkbox (radio is not listed)
    await t.answer('Type: checkbox (change it)', `${DOWN.repeat(5)}\r`); // the menu again: Done
    await t.answer('What next?', UP + '\r'); // ← Back (title and short text)
    await t.answer('Title', '\r');
    await t.answer('Short text', 'Where do you sit?\r');
    await t.answer('What next?', `${UP.repeat(2)}\r`); // Cancel
    await t.answer('Discard 1 field?', `${DOWN}\r`); // save a draft first
    await t.answer('Save to file', `${taken}\r`);
    await t.answer('Overwrite it?', '\r'); // default No
    await t.answer('Save to file', `${draft}\r`);
    const r = await t.child;
    expect(r.exitCode).toBe(0);
    expect(readFileSync(taken, 'utf8')).toBe('precious');
    const saved = JSON.parse(readFileSync(draft, 'utf8')).form;
    expect(saved).toMatchObject({ title: 'Trip', shortText: 'Where do you sit?' });
    expect(saved.fields).toEqual([{ type: 'checkbox', option: { label: 'Seat', required: true, options: [{ name: 'Window', value: 'window' }, { name: 'Aisle', value: 'aisle' }] } }]);
  }, 60_000);
});
