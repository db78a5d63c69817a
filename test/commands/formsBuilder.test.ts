import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertField } from '../../src/domain/fieldConvert.js';
import { tempDir } from '../helpers/cli.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';

// The form builder keeps work: a way back from every list, a field's type changed in place, no
// session dropped or file overwritten without a question; quizzes scored the way the author says.
let sb: CommandSandbox;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const formsNamed = (title: string) => sb.formsNamed(title);
const blank = (title: string) => [
  { ask: /^Start from:/, answer: 'blank' },
  { ask: /^Title:/, answer: title },
  { ask: /^Short text/, answer: '' },
];
const addRadio = (label: string, options: string) => [
  { ask: /^What next\?/, answer: 'add' },
  { ask: /^Field type:/, answer: 'radio' },
  { ask: /^Label:/, answer: label },
  { ask: /^Required\?/, answer: true },
  { ask: /^Hint/, answer: '' },
  { ask: /^Options/, answer: options },
];

describe('the builder: back, and a change of type', () => {
  it('goes back from the gallery, the field type, the field list and the menu; changes a type keeping what carries over', async () => {
    const r = await sb.run(['forms', 'create'], {
      tty: true,
      script: [
        { ask: /^Start from:/, answer: 'template' },
        { ask: /^Category:/, answer: '← Back' },
        { ask: /^Start from:/, answer: 'blank' },
        { ask: /^Title:/, answer: 'Typo title' },
        { ask: /^Short text/, answer: '' },
        { ask: /^What next\?/, answer: '← Back (title and short text)' },
        { ask: /^Title:/, answer: 'Lunch' },
        { ask: /^Short text/, answer: 'Pick one' },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: '<back>' },
        ...addRadio('Dishes', 'Soup, Salad'),
        { ask: /^What next\?/, answer: 'edit' },
        { ask: /^Edit which field\?/, answer: '<back>' },
        { ask: /^What next\?/, answer: 'edit' },
        { ask: /^Edit which field\?/, answer: '0' },
        { ask: /^Field "Dishes":/, answer: 'type' },
        { ask: /^New type:/, answer: 'checkbox' },
        { ask: /^Field "Dishes":/, answer: 'done' },
        { ask: /^What next\?/, answer: 'create' },
      ],
    });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/Created form [A-Z0-9]+ "Lunch"/)]);
    const form = (await sb.api('GET', `/forms/${r.stdout.trim()}`)).body.data;
    expect(form.shortText).toBe('Pick one');
    expect(form.fields).toHaveLength(1);
    expect(form.fields[0]).toMatchObject({ type: 'checkbox', option: { label: 'Dishes', required: true, options: [{ name: 'Soup', value: 'soup' }, { name: 'Salad', value: 'salad' }] } });
    expect(await formsNamed('Typo title')).toEqual([]);
  });

  it('a type that needs what the old one lacked asks for it; Back in the field menu leaves the field as it was', async () => {
    const r = await sb.run(['forms', 'create'], {
      tty: true,
      script: [
        ...blank('Rooms'),
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'shortText' },
        { ask: /^Label:/, answer: 'Room' },
        { ask: /^Required\?/, answer: false },
        { ask: /^Hint/, answer: 'where' },
        { ask: /^What next\?/, answer: 'edit' },
        { ask: /^Edit which field\?/, answer: '0' },
        { ask: /^Field "Room":/, answer: 'label' },
        { ask: /^Label:/, answer: 'Not kept' },
        { ask: /^Field "Not kept":/, answer: '<back>' },
        { ask: /^What next\?/, answer: 'edit' },
        { ask: /^Edit which field\?/, answer: '0' },
        { ask: /^Field "Room":/, answer: 'type' },
        { ask: /^New type:/, answer: 'radio' },
        { ask: /^Options/, answer: 'Blue room, Red room' },
        { ask: /^Field "Room":/, answer: 'done' },
        { ask: /^What next\?/, answer: 'create' },
      ],
    });
    expect(r.exitCode).toBe(0);
    const form = (await sb.api('GET', `/forms/${r.stdout.trim()}`)).body.data;
    expect(form.fields[0]).toMatchObject({ type: 'radio', option: { label: 'Room', required: false, hint: 'where', options: [{ name: 'Blue room' }, { name: 'Red room' }] } });
  });

  it('convertField: label, required, hint and options carry over where both types have them; answers only when they still hold', () => {
    const radio = { type: 'radio' as const, option: { label: 'Q', required: true, hint: 'h', options: [{ name: 'A', value: 'a', key: 'k1' }, { name: 'B', value: 'b' }], disableQuiz: false }, quizConfig: { points: 0, correctAnswers: ['b'] } };
    expect(convertField(radio, 'checkbox')).toEqual({ field: { type: 'checkbox', option: { label: 'Q', required: true, hint: 'h', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }], disableQuiz: false }, quizConfig: { points: 0, correctAnswers: ['b'] } }, missing: undefined, rescore: false });
    expect(convertField(radio, 'shortText')).toEqual({ field: { type: 'shortText', option: { label: 'Q', required: true, hint: 'h', disableQuiz: false } }, missing: undefined, rescore: true });
    expect(convertField(radio, 'title')).toEqual({ field: { type: 'title', option: { label: 'Q' } }, missing: undefined, rescore: false });
    expect(convertField({ type: 'email', option: { label: 'E' } }, 'sheet').missing).toBe('rows');
    expect(convertField({ type: 'checkbox', option: { label: 'C', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] }, quizConfig: { points: 1, correctAnswers: ['a', 'b'] } }, 'radio').field.quizConfig).toBeUndefined();
    expect(convertField({ type: 'shortText', option: { label: 'N' }, quizConfig: { points: 3, correctAnswers: ['42'] } }, 'number').field.quizConfig).toEqual({ points: 3, correctAnswers: ['42'] });
  });
});

describe('the builder never drops work without a question', () => {
  it('Cancel with fields asks; "go on" goes on; Ctrl-C asks again and saves a draft that resumes', async () => {
    const draft = join(tmp.path, 'cancelled.json');
    const r = await sb.run(['forms', 'create'], {
      tty: true,
      script: [
        ...blank('Half done'),
        ...addRadio('Colour', 'Red, Blue'),
        { ask: /^What next\?/, answer: 'cancel' },
        { ask: /^Discard 1 field\?/, answer: 'stay' },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'email' },
        { ask: /^Label:/, answer: 'cancel' },
        { ask: /^Discard 1 field\?/, answer: 'save' },
        { ask: /^Save to file:/, answer: draft },
      ],
    });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining(`formctl forms create --resume ${draft}`)]);
    expect(JSON.parse(readFileSync(draft, 'utf8')).form.fields.map((f: any) => f.option.label)).toEqual(['Colour']);
    expect(await formsNamed('Half done')).toEqual([]);
  });

  it('discarding is a choice: exit 130 and nothing created; with no fields Cancel asks nothing', async () => {
    const r = await sb.run(['forms', 'create'], { tty: true, script: [...blank('Thrown away'), ...addRadio('X', 'a, b'), { ask: /^What next\?/, answer: 'cancel' }, { ask: /^Discard 1 field\?/, answer: 'discard' }] });
    expect(r.exitCode).toBe(130);
    const empty = await sb.run(['forms', 'create'], { tty: true, script: [...blank('Nothing'), { ask: /^What next\?/, answer: 'cancel' }] });
    expect([empty.exitCode, empty.asked.at(-1)]).toEqual([130, 'What next?']);
    expect(await formsNamed('Thrown away')).toEqual([]);
  });

  it('saving over an existing file asks (default No) and asks for another name; --force overwrites without a question', async () => {
    const taken = join(tmp.path, 'taken.json');
    writeFileSync(taken, 'precious');
    const other = join(tmp.path, 'other.json');
    const r = await sb.run(['forms', 'create'], {
      tty: true,
      script: [...blank('Saved twice'), { ask: /^What next\?/, answer: 'save' }, { ask: /^Save to file:/, answer: taken }, { ask: /exists\. Overwrite it\?/, answer: false }, { ask: /^Save to file:/, answer: other }],
    });
    expect(r.exitCode).toBe(0);
    expect(readFileSync(taken, 'utf8')).toBe('precious');
    expect(existsSync(other)).toBe(true);
    const yes = await sb.run(['forms', 'create'], { tty: true, script: [...blank('Saved over'), { ask: /^What next\?/, answer: 'save' }, { ask: /^Save to file:/, answer: taken }, { ask: /exists\. Overwrite it\?/, answer: true }] });
    expect(yes.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(taken, 'utf8')).form.title).toBe('Saved over');
    const forced = await sb.run(['forms', 'create', '--force'], { tty: true, script: [...blank('Forced'), { ask: /^What next\?/, answer: 'save' }, { ask: /^Save to file:/, answer: taken }] });
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(taken, 'utf8')).form.title).toBe('Forced');
  });
});

describe('the builder: quizzes', () => {
  it('the author marks scored questions; 0 points stay 0; answers are picked by name, and one outside the options is refused', async () => {
    const r = await sb.run(['forms', 'create'], {
      tty: true,
      script: [
        ...blank('Quiz night'),
        { ask: /^What next\?/, answer: 'quiz' },
        { ask: /^Is it a quiz/, answer: true },
        { ask: /^Show the final score\?/, answer: true },
        { ask: /^Show the correct answers/, answer: true },
        { ask: /^Pass mark/, answer: '' },
        ...addRadio('Warm-up', 'Yes, No'),
        { ask: /^Score "Warm-up"/, answer: true },
        { ask: /^Points/, answer: '0' },
        { ask: /^Correct answer:/, answer: '<back>' },
        { ask: /^Score "Warm-up"/, answer: true },
        { ask: /^Points/, answer: 'lots' },
        { ask: /^Points/, answer: '0' },
        { ask: /^Correct answer:/, answer: 'No' },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'checkbox' },
        { ask: /^Label:/, answer: 'Oceans' },
        { ask: /^Required\?/, answer: false },
        { ask: /^Hint/, answer: '' },
        { ask: /^Options/, answer: 'Atlantic, Sahara, Pacific Ocean' },
        { ask: /^Score "Oceans"/, answer: true },
        { ask: /^Points/, answer: '2' },
        { ask: /^Correct answers among Atlantic, Sahara, Pacific Ocean/, answer: 'Atlantic, Gobi' },
        { ask: /^Correct answers among/, answer: 'atlantic, Pacific Ocean' },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'shortText' },
        { ask: /^Label:/, answer: 'Your name' },
        { ask: /^Required\?/, answer: true },
        { ask: /^Hint/, answer: '' },
        { ask: /^Score "Your name"/, answer: false },
        { ask: /^What next\?/, answer: 'add' },
        { ask: /^Field type:/, answer: 'number' },
        { ask: /^Label:/, answer: '6 × 7' },
        { ask: /^Required\?/, answer: true },
        { ask: /^Hint/, answer: '' },
        { ask: /^Score "6 × 7"/, answer: true },
        { ask: /^Points/, answer: '' },
        { ask: /^Correct answer\(s\)/, answer: 'forty-two' },
        { ask: /^Correct answer\(s\)/, answer: '42' },
        { ask: /^What next\?/, answer: 'create' },
      ],
    });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/"lots" is not a number of points[\s\S]*not among the options: "Gobi"[\s\S]*a number field's answers are numbers/)]);
    const qrId = r.stdout.trim();
    const form = (await sb.api('GET', `/forms/${qrId}`)).body.data;
    expect(form.fields.map((f: any) => [f.option.label, f.option.disableQuiz, f.quizConfig?.points])).toEqual([['Warm-up', false, 0], ['Oceans', false, 2], ['Your name', true, undefined], ['6 × 7', false, 1]]);
    // the answers as the service scores them: a submission with the right ones gets every point
    const keys = form.fields.map((f: any) => f.key);
    const sub = await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [keys[0]]: 'no', [keys[1]]: ['atlantic', 'pacific-ocean'], [keys[2]]: 'Ann', [keys[3]]: '42' } } });
    expect(sub.body.data.quiz ?? sub.body.data).toMatchObject({ points: 3, totalMarks: 3 });
  });
});
