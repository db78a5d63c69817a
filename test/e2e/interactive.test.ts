import { execa } from 'execa';
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

function terminal(args: string[]) {
  const command = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, TERM: 'xterm' });
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
