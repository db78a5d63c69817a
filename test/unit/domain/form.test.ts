import { describe, expect, it } from 'vitest';
import { checkFormCreate, checkFormUpdate } from '../../../src/domain/form.js';
import { quizPlanViolations } from '../../../src/domain/plans.js';

const valid = { title: 'T', shortText: 's', fields: [{ type: 'shortText', option: { label: 'Q' } }] };

describe('spec §2.2: form create body', () => {
  it('accepts title, shortText and fields', () => expect(checkFormCreate(valid).ok).toBe(true));

  it.each(['title', 'shortText', 'fields'])('requires %s', (name) => {
    const body: Record<string, unknown> = { ...valid };
    delete body[name];
    const r = checkFormCreate(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.join()).toContain(name);
  });

  it('rejects a qrId: the server assigns it', () => {
    const r = checkFormCreate({ ...valid, qrId: 'ABC' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatch(/qrId/);
  });

  it('rejects undocumented properties', () => {
    const r = checkFormCreate({ ...valid, colour: 'red' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toContain('"colour"');
  });

  it('rejects an unknown field type, naming the allowed ones (spec §2.4)', () => {
    const r = checkFormCreate({ ...valid, fields: [{ type: 'slider' }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatch(/fields\[0\]\.type: unknown field type "slider"/);
  });

  it('rejects a field key on create (spec §2.1: server-assigned)', () => {
    expect(checkFormCreate({ ...valid, fields: [{ key: 'k', type: 'email' }] }).ok).toBe(false);
  });

  it('needs options on radio and checkbox, row labels on sheet', () => {
    expect(checkFormCreate({ ...valid, fields: [{ type: 'radio', option: { label: 'x' } }] }).ok).toBe(false);
    expect(checkFormCreate({ ...valid, fields: [{ type: 'sheet', option: {} }] }).ok).toBe(false);
    expect(checkFormCreate({ ...valid, fields: [{ type: 'radio', option: { options: [{ name: 'A', value: 'a' }] } }] }).ok).toBe(true);
  });

  it('scores only radio, checkbox, shortText and number (spec §2.4)', () => {
    expect(checkFormCreate({ ...valid, fields: [{ type: 'email', quizConfig: { points: 1 } }] }).ok).toBe(false);
    expect(checkFormCreate({ ...valid, fields: [{ type: 'number', quizConfig: { points: 1, correctAnswers: ['4'] } }] }).ok).toBe(true);
  });
});

describe('spec §2.6: qrConfig', () => {
  const withQr = (qrConfig: unknown) => checkFormCreate({ ...valid, qrConfig });
  it('accepts hex colours with or without #', () => expect(withQr({ colorDark: '#112233', backgroundColor: 'fff' }).ok).toBe(true));
  it('rejects a colour name', () => expect(withQr({ colorDark: 'red' }).ok).toBe(false));
  it('bounds the enumerations', () => {
    expect(withQr({ eye_inner: 'eyeInner10', eye_outer: 'eyeOuter12', qrData: 'pattern14', frame: 16 }).ok).toBe(true);
    expect(withQr({ eye_inner: 'eyeInner11' }).ok).toBe(false);
    expect(withQr({ frame: 17 }).ok).toBe(false);
    expect(withQr({ frameTextFont: 'Papyrus' }).ok).toBe(false);
  });
  it('never takes qrCategory (read-only)', () => expect(withQr({ qrCategory: 'x' }).ok).toBe(false));
  it('allows frameColor2 only on frames 5, 6, 10, 13 and 14', () => {
    expect(withQr({ frame: 5, frameColor2: '000' }).ok).toBe(true);
    expect(withQr({ frame: 4, frameColor2: '000' }).ok).toBe(false);
  });
});

describe('spec §2.2: update body is partial', () => {
  it('accepts a lone title', () => expect(checkFormUpdate({ title: 'New' }).ok).toBe(true));
  it('accepts field keys on update', () => expect(checkFormUpdate({ fields: [{ key: 'k1', type: 'email' }] }).ok).toBe(true));
});

describe('spec §8: plan-gated quiz settings', () => {
  it('refuses business-only settings on free, joined messages', () => {
    const errors = quizPlanViolations('free', { quizConfig: { enableTimeLimit: true, shuffleQuestions: true, passingScore: 80 } });
    expect(errors).toEqual([
      'Quiz time limit is not allowed on your plan',
      'Shuffle questions is not allowed on your plan',
      'Custom passing score is not allowed on your plan',
    ]);
  });
  it('allows the default passing score of 70 and the fixed 30-minute limit value', () => {
    expect(quizPlanViolations('starter', { quizConfig: { passingScore: 70, timeLimit: 1800 } })).toEqual([]);
  });
  it('allows everything on business', () => {
    expect(quizPlanViolations('business', { quizConfig: { enableTimeLimit: true, timeLimit: 600, shuffleQuestions: true, distributeMarksEvenly: true, passingScore: 50 } })).toEqual([]);
  });
  it('limits several correct answers on shortText and number', () => {
    const fields = [{ type: 'shortText', quizConfig: { correctAnswers: ['a', 'b'] } }];
    expect(quizPlanViolations('starter', { fields })).toHaveLength(1);
    expect(quizPlanViolations('business', { fields })).toEqual([]);
  });
});
