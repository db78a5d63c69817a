import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../src/domain/fieldTypes.js';
import { formToTemplateLayout, rawNameOf, templateToCreateBody, typeOfRawName } from '../../src/domain/templates.js';

describe('the template conversion rule (spec §4.7)', () => {
  it('maps every field type to its PascalCase storage name and back', () => {
    for (const t of FIELD_TYPES) {
      expect(typeOfRawName(rawNameOf(t)), t).toBe(t);
      expect(rawNameOf(t)).toMatch(/^Form[A-Z][A-Za-z]+$/);
    }
    expect(rawNameOf('multipleLevelSelect')).toBe('FormMultipleLevelSelect');
    // the longest type that is a suffix wins; any prefix will do
    expect(typeOfRawName('FormShortText')).toBe('shortText');
    expect(typeOfRawName('LegacyLongText')).toBe('longText');
    expect(typeOfRawName('FormCheckList')).toBe('checkList');
    expect(typeOfRawName('FormSomething')).toBeUndefined();
  });

  it('turns a raw form into a create body: storage keys dropped, option and quizConfig copied, a string qrConfig parsed', () => {
    const body = templateToCreateBody({
      title: 'Quiz', shortText: 'x', isQuiz: true, quizConfig: { passingScore: 60 }, qrConfig: '{"colorDark":"#112233"}',
      fields: { a1b2: { name: 'FormRadio', option: { label: 'Q', options: [{ name: 'A', value: 'a' }] }, quizConfig: { points: 2, correctAnswers: ['a'] } }, c3d4: { name: 'FormSheet', option: { label: 'S', rowLabels: ['r'] } } },
    });
    expect(body).toEqual({
      title: 'Quiz', shortText: 'x', isQuiz: true, quizConfig: { passingScore: 60 }, qrConfig: { colorDark: '#112233' },
      fields: [{ type: 'radio', option: { label: 'Q', options: [{ name: 'A', value: 'a' }] }, quizConfig: { points: 2, correctAnswers: ['a'] } }, { type: 'sheet', option: { label: 'S', rowLabels: ['r'] } }],
    });
    expect(JSON.stringify(body)).not.toContain('a1b2');
    expect(templateToCreateBody({ title: 't', fields: { k: { name: 'FormEmail', option: {} } }, qrConfig: 'not json' }).qrConfig).toBeUndefined();
    expect(() => templateToCreateBody({ title: 't', fields: { k: { name: 'FormBlob', option: {} } } })).toThrow(/names no field type/);
  });

  it('saves a form as a full layout and reads it back the same', () => {
    const form = { title: 'T', shortText: 's', fields: FIELD_TYPES.map((type) => ({ type, option: { label: type } })), qrConfig: { qrData: 'pattern1' } };
    const layout = formToTemplateLayout(form, (i) => `key${i}`);
    expect(Object.keys(layout.fields)).toHaveLength(FIELD_TYPES.length);
    expect(layout.fields.key0).toEqual({ name: 'FormName', option: { label: 'name' } });
    expect(layout.qrConfig).toBe('{"qrData":"pattern1"}');
    expect(templateToCreateBody(layout)).toEqual({ title: 'T', shortText: 's', fields: form.fields, qrConfig: { qrData: 'pattern1' } });
    expect(() => formToTemplateLayout({ title: 'T', fields: [] }, String)).toThrow(/at least one field/);
  });
});
