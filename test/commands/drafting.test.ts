import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cascadeOf } from '../../src/commands/forms/builder.js';
import { changesOf } from '../../src/commands/forms/edit.js';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';
import { gallery } from '../../src/sandbox/templates/gallery.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});
const formsNamed = (title: string) => sb.formsNamed(title);
const fieldsOf = async (qrId: string) => (await sb.api('GET', `/forms/${qrId}`)).body.data.fields.map((f: any) => `${f.type}:${f.option.label}${f.option.required ? '*' : ''}`);

describe('formctl ai draft', () => {
  it('prints the draft JSON in a pipe, ready for forms create --file -; each round costs one request', async () => {
    const before = await sb.lastRequestId();
    const r = await sb.cli(['ai', 'draft', 'Contact form with name, e-mail and phone', '--refine', 'make the phone required']);
    expect(r.exitCode).toBe(0);
    const draft = JSON.parse(r.stdout);
    expect(draft.fields.map((f: any) => f.type)).toEqual(['name', 'email', 'phone', 'shortText', 'longText']);
    expect(draft.fields[2].option.required).toBe(true);
    expect(r.stderr).toContain('Drafting: "Contact form with name, e-mail and phone" (1 request)');
    expect((await sb.requestsSince(before)).map((x) => x.path)).toEqual(['/v1/form-ai-builder/generate', '/v1/form-ai-builder/generate']);
    const created = await sb.cli(['forms', 'create', '--file', '-', '-q'], { input: r.stdout });
    expect(created.exitCode).toBe(0);
  });

  it('checks prompts locally, reports a refused instruction, and --create creates at once', async () => {
    const before = await sb.requestCount();
    expect((await sb.cli(['ai', 'draft', 'short'])).exitCode).toBe(2);
    expect((await sb.cli(['ai', 'draft', 'Contact form with name', '--refine', 'go'])).exitCode).toBe(2);
    expect((await sb.cli(['ai', 'draft', 'Contact form with name', '-o', 'csv'])).exitCode).toBe(2);
    expect(await sb.requestCount()).toBe(before);
    const refused = await sb.cli(['ai', 'draft', 'Contact form with name and e-mail', '--refine', 'paint it blue please']);
    expect([refused.exitCode, refused.stderr]).toEqual([1, expect.stringMatching(/Could not understand the instruction "paint it blue please"/)]);
    const yaml = await sb.cli(['ai', 'draft', 'Contact form with name and e-mail', '-o', 'yaml']);
    expect(yaml.stdout).toMatch(/^title: Contact form\n/);
    // --json as on every verb that prints JSON: on a terminal too, the draft and no loop
    const onTerminal = await sb.run(['ai', 'draft', 'Contact form with name and e-mail', '--json'], { tty: true });
    expect([onTerminal.exitCode, JSON.parse(onTerminal.stdout).title]).toEqual([0, 'Contact form']);
    const made = await sb.cli(['ai', 'draft', 'Dance class sign-up with name, e-mail and level beginner, improver or advanced', '--create']);
    expect(made.exitCode).toBe(0);
    expect(await fieldsOf(JSON.parse(made.stdout).qrId)).toEqual(['name:Name*', 'email:E-mail*', 'phone:Phone', 'radio:Level', 'longText:Comments']);
  });

  it('--from refines a saved draft; without a prompt it prints it as it is (no request)', async () => {
    const file = `${tmp.path}/saved-draft.json`;
    writeFileSync(file, (await sb.cli(['ai', 'draft', 'Contact form with name, e-mail and phone'])).stdout);
    const before = await sb.requestCount();
    const same = await sb.cli(['ai', 'draft', '--from', file]);
    expect([same.exitCode, JSON.parse(same.stdout).title, await sb.requestCount()]).toEqual([0, 'Contact form', before]);
    const es = await sb.cli(['ai', 'draft', '--from', file, 'move the phone to the top; in Spanish']);
    expect(JSON.parse(es.stdout).fields.map((f: any) => f.option.label)).toEqual(['Teléfono', 'Nombre', 'Correo electrónico', 'Asunto', 'Mensaje']);
    writeFileSync(`${tmp.path}/not-a-draft.json`, '{"title": 1}');
    const bad = await sb.cli(['ai', 'draft', '--from', `${tmp.path}/not-a-draft.json`]);
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringMatching(/not-a-draft\.json: not a draft; expected \{title, shortText/)]);
    expect((await sb.cli(['ai', 'draft'])).exitCode).toBe(2);
  });

  it('on a terminal loops: refine (what changed is said), edit in $EDITOR, save, quit; quitting unsaved creates nothing (exit 130)', async () => {
    const editor = `${tmp.path}/draft-editor.mjs`;
    writeFileSync(editor, `import { readFileSync, writeFileSync } from 'node:fs';
const doc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
doc.fields.find((f) => f.type === 'radio').option.label = 'Colour of wine';
writeFileSync(process.argv[2], JSON.stringify(doc));
`);
    const file = `${tmp.path}/tasting.json`;
    const r = await sb.run(['ai', 'draft', 'Tasting evening with name, e-mail and wine red, white or rosé'], {
      tty: true,
      env: { EDITOR: `node ${editor}` },
      script: [
        { ask: /^What next\?/, answer: 'refine' },
        { ask: /^Refine:/, answer: 'make the e-mail optional; add a phone field' },
        { ask: /^What next\?/, answer: 'edit' },
        { ask: /^What next\?/, answer: 'save' },
        { ask: /^Save to file:/, answer: file },
        { ask: /^What next\?/, answer: 'quit' },
      ],
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('Changed:\n  + phone Phone\n  ~ E-mail: now optional');
    expect(r.stderr).toContain('Changed:\n  ~ Colour of wine: renamed "Wine" → "Colour of wine"');
    expect(r.stdout).toMatch(/3\. radio {15}Colour of wine  \(Red \| White \| Rosé\)\n/);
    expect(JSON.parse(readFileSync(file, 'utf8')).fields.map((f: any) => f.option.label)).toEqual(['Name', 'E-mail', 'Colour of wine', 'Phone']);
    expect(await formsNamed('Tasting evening')).toEqual([]);
    const unsaved = await sb.run(['ai', 'draft', 'Tasting evening with name, e-mail and wine red, white or rosé'], { tty: true, script: [{ ask: /^What next\?/, answer: 'quit' }, { ask: /^Discard the draft\?/, answer: 'discard' }] });
    expect(unsaved.exitCode).toBe(130);
    // Ctrl-C at the menu asks as Quit does: the draft (it cost a request) can be saved on the way out
    const kept = `${tmp.path}/on-the-way-out.json`;
    const interrupted = await sb.run(['ai', 'draft', 'Tasting evening with name, e-mail and wine red, white or rosé'], {
      tty: true,
      script: [{ ask: /^What next\?/, answer: 'cancel' }, { ask: /^Discard the draft\?/, answer: 'stay' }, { ask: /^What next\?/, answer: 'cancel' }, { ask: /^Discard the draft\?/, answer: 'save' }, { ask: /^Save to file:/, answer: kept }],
    });
    expect([interrupted.exitCode, interrupted.asked.filter((q) => /^What next/.test(q)).length]).toEqual([0, 2]);
    expect(JSON.parse(readFileSync(kept, 'utf8')).fields.map((f: any) => f.type)).toContain('radio');
    expect(await formsNamed('Tasting evening')).toEqual([]);
  });
});

describe('ai draft: an edit that does not parse', () => {
  it('keeps the file and says how to go on with it; the loop goes on with the draft as it was', async () => {
    const editor = `${tmp.path}/broken-editor.mjs`;
    writeFileSync(editor, `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], '{"title": "Half typed", "fields": [');\n`);
    const r = await sb.run(['ai', 'draft', 'Tasting evening with name, e-mail and wine red, white or rosé'], {
      tty: true,
      env: { EDITOR: `node ${editor}` },
      script: [
        { ask: /^What next\?/, answer: 'edit' },
        { ask: /^What next\?/, answer: 'quit' },
        { ask: /^Discard the draft\?/, answer: 'discard' },
      ],
    });
    // quit with the draft unsaved, and discarded: 130, as the loop's other test shows
    expect(r.exitCode).toBe(130);
    const kept = /Your edit is kept in (\S+): go on with {2}formctl ai draft --from \1/.exec(r.stderr);
    expect(kept, r.stderr).not.toBeNull();
    expect(readFileSync(kept![1]!, 'utf8')).toBe('{"title": "Half typed", "fields": [');
    rmSync(dirname(kept![1]!), { recursive: true, force: true });
  });
});

describe('the form builder (scripted)', () => {
  it('starts from a template, makes it a quiz with answers, moves and removes fields, picks a preset, creates it', async () => {
    const t = gallery().templates.find((x) => x.title === 'Contact us')!;
    const r = await sb.run(['forms', 'create'], {
      tty: true,
      script: [
        { ask: /^Start from:/, answer: 'template' },
        { ask: /^Category:/, answer: 'Business' },
        { ask: /^Template:/, answer: t.title },
        { ask: /^Title:/, answer: 'Contact quiz' },
        { ask: /^Short text/, answer: '' },
        { ask: /^What next\?/, answer: 'remove' },
        { ask: /^Remove which field\?/, answer: '2' },
        { ask: /^Remove "Company"\?/, answer: true },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'radio' },
        { ask: /^Label:/, answer: 'Best colour?' },
        { ask: /^Required\?/, answer: true },
        { ask: /^Hint/, answer: '' },
        { ask: /^Options/, answer: 'Red, Blue' },
        { ask: /^What next\?/, answer: 'move' },
        { ask: /^Move which field\?/, answer: '3' },
        { ask: /^To position:/, answer: '0' },
        { ask: /^What next\?/, answer: 'quiz' },
        { ask: /^Is it a quiz/, answer: true },
        { ask: /^Show the final score\?/, answer: true },
        { ask: /^Show the correct answers/, answer: false },
        { ask: /^Pass mark/, answer: '60' },
        { ask: /^Score "Best colour\?"/, answer: true },
        { ask: /^Points/, answer: '2' },
        { ask: /^Correct answer:/, answer: 'Blue' },
        { ask: /^What next\?/, answer: 'preset' },
        { ask: /^Preset:/, answer: 'ocean' },
        { ask: /^What next\?/, answer: 'create' },
      ],
    });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/Created form [A-Z0-9]+ "Contact quiz"/)]);
    const qrId = r.stdout.trim();
    const form = (await sb.api('GET', `/forms/${qrId}`)).body.data;
    expect(form.fields.map((f: any) => f.type)).toEqual(['radio', 'name', 'email', 'longText']);
    expect(form.fields[0]).toMatchObject({ type: 'radio', option: { label: 'Best colour?', disableQuiz: false }, quizConfig: { points: 2 } });
    expect(form).toMatchObject({ isQuiz: true, quizConfig: { passingScore: 60, showAnswersResults: false }, qrConfig: { qrData: 'pattern3', grdType: 'upDown' } });
    expect(form.fields.map((f: any) => f.option.label)).not.toContain('Company');
  });

  it('saves a half-built form to a file and resumes it; a cascade is typed as paths', async () => {
    const file = `${tmp.path}/draft.json`;
    const saved = await sb.run(['forms', 'create'], {
      tty: true,
      script: [
        { ask: /^Start from:/, answer: 'blank' },
        { ask: /^Title:/, answer: 'Venue poll' },
        { ask: /^Short text/, answer: 'Where next?' },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'multipleLevelSelect' },
        { ask: /^Label:/, answer: 'Venue' },
        { ask: /^Required\?/, answer: false },
        { ask: /^Hint/, answer: '' },
        { ask: /^Cascade/, answer: 'Europe > France > Paris; Europe > France > Lyon; Asia > Japan > Tokyo' },
        { ask: /^What next\?/, answer: 'save' },
        { ask: /^Save to file:/, answer: file },
      ],
    });
    expect([saved.exitCode, saved.stderr]).toEqual([0, expect.stringContaining(`formctl forms create --resume ${file}`)]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ formctlBuilder: 1, form: { title: 'Venue poll' } });
    expect(await formsNamed('Venue poll')).toEqual([]);
    const resumed = await sb.run(['forms', 'create', '--resume', file], {
      tty: true,
      script: [{ ask: /^Title:/, answer: '' }, { ask: /^Short text/, answer: '' }, { ask: /^What next\?/, answer: 'create' }],
    });
    expect(resumed.exitCode).toBe(0);
    const form = (await sb.api('GET', `/forms/${resumed.stdout.trim()}`)).body.data;
    // the service keys the top-level options; the tree is the one typed
    expect(form.fields[0].option.options).toMatchObject(cascadeOf('Europe > France > Paris; Europe > France > Lyon; Asia > Japan > Tokyo'));
    expect(cascadeOf('A > B; A > C')).toEqual([{ name: 'A', value: 'A', options: [{ name: 'B', value: 'B' }, { name: 'C', value: 'C' }] }]);
  });

  it('never prompts off a terminal: without flags it names them (exit 2)', async () => {
    const r = await sb.cli(['forms', 'create']);
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/forms create needs --title TEXT .*on a terminal, with no flags, it asks/)]);
  });
});

describe('forms create --skeleton, YAML files, and forms edit', () => {
  it('prints a commented skeleton that creates a form as it is', async () => {
    const yaml = (await sb.cli(['forms', 'create', '--skeleton'])).stdout;
    expect(yaml).toMatch(/^# A form for `formctl forms create --file form.yaml`/);
    const file = `${tmp.path}/form.yaml`;
    writeFileSync(file, yaml);
    const r = await sb.cli(['forms', 'create', '--file', file, '-q']);
    expect(r.exitCode).toBe(0);
    expect(await fieldsOf(r.stdout.trim())).toEqual(['name:Your name*', 'email:E-mail*', 'radio:Meal', 'sheet:Arrival']);
    writeFileSync(`${tmp.path}/bad.yaml`, 'title: x\n  fields: [\n');
    const bad = await sb.cli(['forms', 'create', '--file', `${tmp.path}/bad.yaml`]);
    expect([bad.exitCode, bad.stderr]).toEqual([2, 'error: ' + `${tmp.path}/bad.yaml:1:8: not valid YAML: Nested mappings are not allowed in compact mappings\n`]);
    // a property left out is named in the spec's words, with what to give
    writeFileSync(`${tmp.path}/short.json`, JSON.stringify({ title: 'T', fields: [{ type: 'email', option: { label: 'E' } }] }));
    const short = await sb.cli(['forms', 'create', '--file', `${tmp.path}/short.json`]);
    expect([short.exitCode, short.stderr]).toEqual([2, 'error: the form is not valid:\n  - shortText: required (the line shown under the title; "" for none)\n']);
  });

  it('edits in $EDITOR and sends only what changed; an unchanged file sends nothing', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Old title', shortText: 's', fields: [{ type: 'email', option: { label: 'Mail' } }, { type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId;
    const editor = `${tmp.path}/editor.mjs`;
    writeFileSync(editor, `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const text = readFileSync(file, 'utf8');
if (process.env.EDIT_MODE === 'none') process.exit(0);
if (process.env.EDIT_MODE === 'yaml') writeFileSync(file, text.replace('title: Renamed', 'title: Renamed in YAML'));
else { const doc = JSON.parse(text); doc.title = 'Renamed'; doc.fields[1].option.label = 'Comment'; writeFileSync(file, JSON.stringify(doc)); }
`);
    const env = (mode: string) => ({ EDITOR: `node ${editor}`, EDIT_MODE: mode });
    let before = await sb.lastRequestId();
    const r = await sb.run(['forms', 'edit', qrId, '--json'], { tty: true, env: env('json') });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining('Sending title, fields (1 request)')]);
    const sent = await sb.requestsSince(before);
    expect(sent.map((x) => `${x.method} ${x.path}`)).toEqual([`GET /v1/forms/${qrId}`, `PUT /v1/forms/${qrId}`]);
    const form = (await sb.api('GET', `/forms/${qrId}`)).body.data;
    expect([form.title, form.fields[1].option.label]).toEqual(['Renamed', 'Comment']);
    before = await sb.lastRequestId();
    const none = await sb.run(['forms', 'edit', qrId], { tty: true, env: env('none') });
    expect([none.exitCode, none.stderr]).toEqual([0, `No changes: nothing sent for ${qrId}.\n`]);
    expect((await sb.requestsSince(before)).map((x) => x.method)).toEqual(['GET']);
    const yaml = await sb.run(['forms', 'edit', qrId, '--yaml', '-q'], { tty: true, env: env('yaml') });
    expect(yaml.exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${qrId}`)).body.data.title).toBe('Renamed in YAML');
    const noEditor = await sb.run(['forms', 'edit', qrId], { tty: true, env: { EDITOR: undefined, VISUAL: undefined } });
    expect([noEditor.exitCode, noEditor.stderr]).toEqual([2, expect.stringMatching(/set VISUAL or EDITOR/)]);
    expect(existsSync(editor)).toBe(true);
  });

  it('keeps an untouched quizConfig out of the update, so the service keeps its correct answers', () => {
    const before = { title: 'q', fields: [{ key: 'k1', type: 'radio', option: { label: 'A' }, quizConfig: { points: 1 } }] };
    const after = { title: 'q', fields: [{ key: 'k1', type: 'radio', option: { label: 'B' }, quizConfig: { points: 1 } }] };
    expect(changesOf(before, after)).toEqual({ fields: [{ key: 'k1', type: 'radio', option: { label: 'B' } }] });
    expect(changesOf(before, before)).toEqual({});
  });
});
