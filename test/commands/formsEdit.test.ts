import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';

// forms edit never loses an edit: on every failure after the editor closed the file stays, and the
// last line on stderr names it and the command that sends it.
let sb: CommandSandbox;
const tmp = tempDir();
const editor = join(tmp.path, 'editor.mjs');
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
  // a scripted "editor": EDIT_MODE says what it does to the file
  writeFileSync(editor, `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const doc = () => JSON.parse(readFileSync(file, 'utf8'));
const put = (d) => writeFileSync(file, JSON.stringify(d, null, 2));
const mode = process.env.EDIT_MODE;
if (mode === 'broken') writeFileSync(file, readFileSync(file, 'utf8').replace('"title"', '"title" "'));
else if (mode === 'badtype') { const d = doc(); d.title = 'Bad'; d.fields[0].type = 'nope'; put(d); }
else if (mode === 'rename') { const d = doc(); d.title = 'Renamed by edit'; put(d); }
else if (mode === 'empty') writeFileSync(file, '  \\n');
else if (mode === 'remove') { const d = doc(); d.fields.pop(); put(d); }
else if (mode === 'option') { const d = doc(); d.fields[1].option.options.pop(); put(d); }
else if (mode === 'fail') process.exit(3);
`);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

let qrId: string;
beforeEach(async () => {
  const body = { title: 'Edit me', shortText: 's', fields: [{ type: 'email', option: { label: 'Mail' } }, { type: 'radio', option: { label: 'Meal', options: [{ name: 'Fish', value: 'fish' }, { name: 'Veg', value: 'veg' }] } }, { type: 'shortText', option: { label: 'Note' } }] };
  qrId = (await sb.api('POST', '/forms', { body })).body.data.qrId;
});

const env = (mode: string, extra: Record<string, string> = {}) => ({ EDITOR: `node ${editor}`, EDIT_MODE: mode, ...extra });
const lastLine = (stderr: string) => stderr.trimEnd().split('\n').at(-1)!;
/** the file the last line names, after "--from" */
const keptFile = (stderr: string) => /--from (\S+)$/.exec(lastLine(stderr))?.[1];
const writes = async (since: number) => (await sb.requestsSince(since)).filter((r) => r.method === 'PUT').length;
const titleOf = async (id: string) => (await sb.api('GET', `/forms/${id}`)).body.data.title as string;

function expectKept(stderr: string, id: string): string {
  expect(lastLine(stderr)).toMatch(new RegExp(`^Your edit is kept in (\\S+): send it with  formctl forms edit ${id} --from \\1$`));
  const file = keptFile(stderr)!;
  expect(existsSync(file)).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(file.startsWith(join(sb.configDir, 'edits'))).toBe(true);
  return file;
}

describe('forms edit keeps the edit on every failure', () => {
  it('a parse error: the broken file stays, named last; fixed, --from sends it and the file goes', async () => {
    const since = await sb.lastRequestId();
    const r = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('broken'), script: [{ ask: /^Edit the file again\?/, answer: false }] });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/is not valid JSON: unexpected/);
    const file = expectKept(r.stderr, qrId);
    expect(readFileSync(file, 'utf8')).toContain('"title" "');
    expect(await writes(since)).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"title" "', '"title"').replace('"Edit me"', '"Fixed by hand"'));
    const sent = await sb.cli(['forms', 'edit', qrId, '--from', file, '-q']);
    expect([sent.exitCode, sent.stderr]).toEqual([0, expect.stringContaining('Sending title (1 request)')]);
    expect(await titleOf(qrId)).toBe('Fixed by hand');
    expect(existsSync(file)).toBe(false);
  });

  it('a local check, a 500 and a dropped connection each keep the file; a second edit never overwrites the first', async () => {
    const bad = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('badtype'), script: [{ ask: /^Edit the file again\?/, answer: false }] });
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringMatching(/the edited form is not valid/)]);
    const first = expectKept(bad.stderr, qrId);
    expect(first.endsWith(`${qrId}.json`)).toBe(true);

    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=500,route=PUT /forms/${qrId},count=10` });
    const refused = await sb.run(['forms', 'edit', qrId, '--retries', '0'], { tty: true, env: env('rename') });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`An earlier edit of ${qrId} was not sent; it is kept in ${first}`);
    const second = expectKept(refused.stderr, qrId);
    expect(second).not.toBe(first);
    expect(JSON.parse(readFileSync(second, 'utf8')).title).toBe('Renamed by edit');
    expect(readFileSync(first, 'utf8')).toContain('"nope"');
    await sb.admin('DELETE', '/_sandbox/faults');

    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=drop,route=PUT /forms/${qrId},count=10` });
    const dropped = await sb.run(['forms', 'edit', qrId, '--retries', '0'], { tty: true, env: env('rename') });
    await sb.admin('DELETE', '/_sandbox/faults');
    expect(dropped.exitCode).toBe(1);
    expectKept(dropped.stderr, qrId);
    expect(await titleOf(qrId)).toBe('Edit me');
  });

  it('the editor failing keeps nothing when nothing was typed; --from a missing file is refused before any request', async () => {
    const r = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('fail') });
    expect([r.exitCode, lastLine(r.stderr)]).toEqual([2, expect.stringMatching(/exited with 3: nothing sent/)]);
    const before = await sb.requestCount();
    const missing = await sb.cli(['forms', 'edit', qrId, '--from', join(tmp.path, 'nope.json')]);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringMatching(/--from .*nope\.json: cannot read it \(no such file\)/)]);
    expect(await sb.requestCount()).toBe(before);
  });

  it('--from takes what forms pull writes: properties the file leaves out stay as they are', async () => {
    const file = join(tmp.path, `pulled-${qrId}.yaml`);
    const pulled = await sb.cli(['forms', 'pull', qrId, '--out', file]);
    expect([pulled.exitCode, pulled.stderr]).toEqual([0, expect.stringMatching(/Wrote .* \(form \w+, 3 fields\)/)]);
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Edit me', 'title: Edited from a pull'));
    const r = await sb.cli(['forms', 'edit', qrId, '--from', file, '-o', 'json']);
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/Sending title \(1 request\)/)]);
    const after = (await sb.api('GET', `/forms/${qrId}`)).body.data;
    expect([after.title, after.fields.length, after.shortText]).toEqual(['Edited from a pull', 3, 's']);
  });

  it('on a terminal: "No" to editing again, and Ctrl-C at that question, both keep the file', async () => {
    const no = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('badtype'), script: [{ ask: /^Edit the file again\?/, answer: false }] });
    expect(no.exitCode).toBe(2);
    expectKept(no.stderr, qrId);
    const ctrlC = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('badtype'), script: [{ ask: /^Edit the file again\?/, answer: 'cancel' }] });
    expect(ctrlC.exitCode).toBe(130);
    expectKept(ctrlC.stderr, qrId);
  });

  it('--from on a terminal opens the editor on the file first; --no-editor sends it as it is', async () => {
    const file = join(tmp.path, 'mine.json');
    writeFileSync(file, JSON.stringify({ ...(await sb.api('GET', `/forms/${qrId}`)).body.data, title: 'From my file' }));
    const { title: _t, ...rest } = JSON.parse(readFileSync(file, 'utf8'));
    void _t;
    writeFileSync(file, JSON.stringify({ title: 'From my file', shortText: rest.shortText, fields: rest.fields.map(({ key, type, option }: any) => ({ key, type, option })), qrConfig: rest.qrConfig ?? {}, isQuiz: false, submissionNotification: true }));
    const opened = await sb.run(['forms', 'edit', qrId, '--from', file, '-q'], { tty: true, env: env('rename') });
    expect(opened.exitCode).toBe(0);
    expect(await titleOf(qrId)).toBe('Renamed by edit');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Renamed by edit', 'Sent as it is'));
    const direct = await sb.run(['forms', 'edit', qrId, '--from', file, '--no-editor', '-q'], { tty: true, env: env('rename') });
    expect(direct.exitCode).toBe(0);
    expect(await titleOf(qrId)).toBe('Sent as it is');
    // the user's own file is never removed
    expect(existsSync(file)).toBe(true);
  });
});

describe('forms edit: an emptied file aborts', () => {
  it('sends nothing, exits 1, and leaves no file behind', async () => {
    const since = await sb.lastRequestId();
    const r = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('empty') });
    expect([r.exitCode, lastLine(r.stderr)]).toEqual([1, `Aborted: the file is empty, nothing sent for ${qrId}.`]);
    expect((await sb.requestsSince(since)).map((x) => x.method)).toEqual(['GET']);
    expect(readdirSync(join(sb.configDir, 'edits')).filter((n) => n.startsWith(qrId))).toEqual([]);
    const comments = join(tmp.path, 'comments.yaml');
    writeFileSync(comments, '# nothing here\n\n   # at all\n');
    const c = await sb.cli(['forms', 'edit', qrId, '--from', comments]);
    expect(c.exitCode).toBe(1);
    expect((await sb.requestsSince(since)).map((x) => x.method)).toEqual(['GET', 'GET']);
  });
});

describe('forms edit: removals are summed up and confirmed', () => {
  it('off a terminal no editor is started: without --from it refuses before any request, naming --from', async () => {
    for (const [o, why] of [[{}, 'stdin is not a terminal'], [{ tty: true, env: env('rename', { CI: 'true' }) }, 'CI is set']] as const) {
      const before = await sb.requestCount();
      const r = await sb.run(['forms', 'edit', qrId], { env: env('rename'), ...o });
      expect([r.exitCode, r.stderr], why).toEqual([2, `error: forms edit opens your editor, which needs a terminal, but ${why}: pass --from FILE (formctl forms pull ${qrId} --out FILE writes one to change)\n`]);
      expect(await sb.requestCount(), why).toBe(before);
    }
    expect(await titleOf(qrId)).toBe('Edit me');
  });

  it('on a terminal with stderr sent to a file (2>err) the editor starts all the same: it needs stdin and stdout', async () => {
    const r = await sb.run(['forms', 'edit', qrId, '--retries', '0'], { tty: true, stderrToFile: true, env: env('rename') });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.not.stringContaining('needs a terminal')]);
    expect(await titleOf(qrId)).not.toBe('Edit me');
    await sb.api('PUT', `/forms/${qrId}`, { body: { title: 'Edit me' } });
  });

  it('off a terminal --from refuses a removal without --yes (exit 2, no write), and names --yes last but one', async () => {
    // the edit made on a terminal and declined there, kept in its file
    const kept = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('remove'), script: [{ ask: /^Send it, removing 1 field\?/, answer: false }] });
    const file = expectKept(kept.stderr, qrId);
    const since = await sb.lastRequestId();
    const r = await sb.cli(['forms', 'edit', qrId, '--from', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`Changes to ${qrId}:\n  - field shortText "Note": removed, and with it the way to read its answers`);
    expect(r.stderr).toMatch(/error: this edit removes 1 field .*pass --yes to send it \(stdin is not a terminal/);
    expect((await sb.requestsSince(since)).map((x) => x.method)).toEqual(['GET']);
    expectKept(r.stderr, qrId);
    const sent = await sb.cli(['forms', 'edit', qrId, '--from', file, '--yes', '-q']);
    expect(sent.exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${qrId}`)).body.data.fields.map((f: any) => f.option.label)).toEqual(['Mail', 'Meal']);
  });

  it('with CI set --from refuses a removal as well', async () => {
    const kept = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('option'), script: [{ ask: /^Send it, removing 1 option\?/, answer: false }] });
    const file = expectKept(kept.stderr, qrId);
    const r = await sb.run(['forms', 'edit', qrId, '--from', file], { tty: true, env: env('rename', { CI: 'true' }) });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/removes 1 option .*pass --yes .*CI is set/)]);
    expect(r.stderr).toContain('- option "Veg" of field "Meal"');
    expect((await sb.api('GET', `/forms/${qrId}`)).body.data.fields[1].option.options).toHaveLength(2);
  });

  it('on a terminal: a removed option asks (default No); "yes" sends it, "no" sends nothing and keeps the file', async () => {
    const since = await sb.lastRequestId();
    const no = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('option'), script: [{ ask: /^Send it, removing 1 option\?/, answer: false }] });
    expect(no.exitCode).toBe(130);
    expectKept(no.stderr, qrId);
    expect(await writes(since)).toBe(0);
    const yes = await sb.run(['forms', 'edit', qrId, '-q'], { tty: true, env: env('option'), script: [{ ask: /^Send it, removing 1 option\?/, answer: true }] });
    expect(yes.exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${qrId}`)).body.data.fields[1].option.options.map((o: any) => o.name)).toEqual(['Fish']);
  });

  it('an edit that removes nothing is summed up and sent without a question', async () => {
    const r = await sb.run(['forms', 'edit', qrId, '-q'], { tty: true, env: env('rename') });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining(`Changes to ${qrId}:\n  ~ title: "Edit me" → "Renamed by edit"`)]);
  });
});
