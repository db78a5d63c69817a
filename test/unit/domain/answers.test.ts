import { describe, expect, it } from 'vitest';
import { validateSubmission, type AnswerField } from '../../../src/domain/answers.js';
import { EXAMPLE_FILE_ID, exampleAnswer, schemaField } from '../../../src/domain/schema.js';
import { FIELD_TYPES } from '../../../src/domain/fieldTypes.js';

const f = (key: string, type: AnswerField['type'], option: AnswerField['option'] = {}): AnswerField => ({ key, type, option });
const fields: AnswerField[] = [
  f('name', 'name', { label: 'Name', required: true }),
  f('mail', 'email', { label: 'Mail' }),
  f('meal', 'radio', { label: 'Meal', options: [{ name: 'Veg', value: 'veg' }, { name: 'Fish', value: 'fish' }] }),
  f('tags', 'checkbox', { options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] }),
  f('photo', 'picture'),
  f('sig', 'signature'),
  f('grid', 'sheet', { rowLabels: ['r1', 'r2'] }),
  f('check', 'checkList', { rowLabels: ['x'] }),
  f('heading', 'title', { label: 'Welcome' }),
  f('n', 'number'),
];
const check = (answers: Record<string, unknown>, extra: Record<string, unknown> = {}, fileExists?: (id: string) => boolean) =>
  validateSubmission(fields, { answers: { name: { firstName: 'A', lastName: 'B' }, ...answers }, ...extra }, { mode: 'create', fileExists });

describe('spec §7 fieldErrors codes', () => {
  it('accepts valid answers of every shape (spec §2.8)', () => {
    expect(check({ mail: 'a@b.co', meal: 'veg', tags: ['a', 'b'], photo: ['F1', { fileId: 'F2' }], sig: { fileId: 'F3' }, grid: [{ itemName: 'r1', value: 'x' }], check: [{ itemName: 'x', selectedValue: '_d2' }], n: '4.5' })).toEqual({});
  });
  it('unknown_field for a key not in the form', () => expect(check({ zzz: 'x' }).zzz?.code).toBe('unknown_field'));
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('unknown_field for %s, a key like any other', (key) => {
    const answers = JSON.parse(`{"${key}": "x"}`) as Record<string, unknown>; // as a request body arrives
    const errors = check(answers);
    expect(Object.keys(errors)).toEqual([key]);
    expect(errors[key]?.code).toBe('unknown_field');
  });
  it('missing_entry for a required field with no entry', () => {
    const e = validateSubmission(fields, { answers: {} }, { mode: 'create' });
    expect(e.name).toMatchObject({ code: 'missing_entry', type: 'name' });
  });
  it('required for a required field present but empty', () => expect(check({ name: { firstName: ' ', lastName: '' } }).name?.code).toBe('required'));
  it('invalid_shape: string vs array and the like', () => {
    expect(check({ tags: 'a' }).tags?.code).toBe('invalid_shape');
    expect(check({ mail: ['a@b.co'] }).mail?.code).toBe('invalid_shape');
    expect(check({ name: 'Ada' }).name?.code).toBe('invalid_shape');
    expect(check({ sig: ['F1'] }).sig?.code).toBe('invalid_shape');
  });
  it('invalid_email', () => expect(check({ mail: 'nope' }).mail).toEqual({ code: 'invalid_email', message: '"nope" is not an e-mail address', type: 'email' }));
  it('invalid_option for a choice not among the options', () => {
    expect(check({ meal: 'beef' }).meal?.code).toBe('invalid_option');
    expect(check({ tags: ['a', 'z'] }).tags?.code).toBe('invalid_option');
    expect(check({ grid: [{ itemName: 'r9', value: 'x' }] }).grid?.code).toBe('invalid_option');
    expect(check({ check: [{ itemName: 'x', selectedValue: '_d3' }] }).check?.code).toBe('invalid_option'); // neutral not enabled
  });
  it('missing_file_ref for a file field without a fileId', () => expect(check({ photo: [{ url: 'x' }] }).photo?.code).toBe('missing_file_ref'));
  it('file_not_found when the file is unknown to the form', () => expect(check({ sig: 'F9' }, {}, (id) => id !== 'F9').sig?.code).toBe('file_not_found'));
  it('component_mismatch for a value the type cannot take', () => {
    expect(check({ n: 'four' }).n?.code).toBe('component_mismatch');
    expect(check({ heading: 'x' }).heading?.code).toBe('component_mismatch'); // display-only takes no answer
  });
  it('invalid_body under _form for request-level problems', () => {
    expect(validateSubmission(fields, { answers: [] }, { mode: 'create' })._form?.code).toBe('invalid_body');
    expect(validateSubmission(fields, 'x', { mode: 'create' })._form?.code).toBe('invalid_body');
    expect(check({}, { timeSpentSeconds: -1 })._form?.code).toBe('invalid_body');
    expect(check({}, { extra: 1 })._form?.code).toBe('invalid_body');
    expect(validateSubmission(fields, { answers: { name: { firstName: 'A' } }, timeExpired: true }, { mode: 'update' })._form?.code).toBe('invalid_body');
  });
  it('null is no answer', () => expect(check({ mail: null })).toEqual({}));
});

describe('spec §2.9: every type has a valid example', () => {
  it.each(FIELD_TYPES.filter((t) => t !== 'title' && t !== 'description'))('%s', (type) => {
    const field = f('k', type, { options: [{ name: 'One', value: 'one' }], rowLabels: ['r'] });
    const errors = validateSubmission([field], { answers: { k: exampleAnswer(field) } }, { mode: 'create', fileExists: (id) => id === EXAMPLE_FILE_ID });
    expect(errors).toEqual({});
  });
  it('display-only fields have no schema entry', () => expect(schemaField(f('t', 'description'))).toBeUndefined());
});
