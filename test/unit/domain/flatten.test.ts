import { describe, expect, it } from 'vitest';
import type { AnswerField } from '../../../src/domain/answers.js';
import { coerceAnswer, findField } from '../../../src/domain/coerce.js';
import { submissionColumns } from '../../../src/domain/flatten.js';

const fields: AnswerField[] = [
  { key: 'n', type: 'name', option: { label: 'Name' } },
  { key: 'a', type: 'address', option: { label: 'Addr' } },
  { key: 'h', type: 'title', option: { label: 'Heading' } },
  { key: 't', type: 'checkbox', option: { label: 'Tags' }, quizConfig: { isNotQuiz: false } } as AnswerField,
  { key: 'p', type: 'picture', option: { label: 'Photos' } },
  { key: 's', type: 'sheet', option: { label: 'Grid' } },
  { key: 'c', type: 'checkList', option: { label: 'Checks' } },
];
const sub = {
  id: 'S1', createdAt: 'C', updatedAt: 'U',
  answers: {
    n: { firstName: 'Ada', lastName: 'Lovelace' },
    a: { addressLine: '1 Main', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
    t: ['x', 'y'],
    p: [{ fileId: 'F1', fileUrl: 'http://h/files/F1' }, 'F2'],
    s: [{ itemName: 'r1', value: 'v1' }, { itemName: 'r2', value: 'v2' }],
    c: [{ itemName: 'ok', selectedValue: '_d1' }],
  },
  quizData: { points: 3, totalMarks: 4, percentage: 75, passed: true },
};

describe('flattening for tabular output', () => {
  it('splits name and address, joins lists, gives file URLs, pairs sheet items, adds quiz columns', () => {
    // a field with quiz settings: the form gets the score columns
    const cols = submissionColumns(fields, { headers: 'label' });
    expect(cols.map((c) => c.header)).toEqual([
      'id', 'createdAt', 'updatedAt', 'Name (first name)', 'Name (last name)', 'Addr (address line)', 'Addr (city)', 'Addr (state)', 'Addr (zipcode)',
      'Addr (country)', 'Tags', 'Photos', 'Grid', 'Checks', 'quiz points', 'quiz totalMarks', 'quiz percentage', 'quiz passed',
    ]);
    expect(cols.map((c) => c.value(sub))).toEqual(['S1', 'C', 'U', 'Ada', 'Lovelace', '1 Main', 'Springfield', 'IL', '62701', 'US', 'x; y', 'http://h/files/F1 F2', 'r1: v1; r2: v2', 'ok: _d1', '3', '4', '75', 'true']);
  });
  it('uses keys as headers on request', () => {
    expect(submissionColumns(fields, { headers: 'key' }).slice(3, 5).map((c) => c.header)).toEqual(['n.firstName', 'n.lastName']);
  });
  it('no quiz columns when no field carries quiz settings', () => {
    const plain = fields.map((f) => ({ key: f.key, type: f.type, option: f.option }) as AnswerField);
    expect(submissionColumns(plain, { headers: 'label' }).map((c) => c.header)).not.toContain('quiz points');
  });
});

describe('coercing text to answer shapes', () => {
  it('name, address, lists and pairs', () => {
    expect(coerceAnswer(fields[0]!, 'Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(coerceAnswer(fields[1]!, '1 Main, Springfield, IL, 62701, US')).toMatchObject({ city: 'Springfield', country: 'US' });
    expect(coerceAnswer(fields[3]!, 'x, y;z')).toEqual(['x', 'y', 'z']);
    expect(coerceAnswer(fields[5]!, 'r1: v1; r2: v2')).toEqual([{ itemName: 'r1', value: 'v1' }, { itemName: 'r2', value: 'v2' }]);
  });
  it('checkList and sheet take the row labels the form shows (any case) and the choices by their words', () => {
    const checkList = { key: 'c1', type: 'checkList' as const, option: { label: 'Sessions', rowLabels: ['Keynote', 'Panel'], neutral: true } };
    expect(coerceAnswer(checkList, 'keynote: yes; PANEL: n/a')).toEqual([{ itemName: 'Keynote', selectedValue: '_d1' }, { itemName: 'Panel', selectedValue: '_d3' }]);
    expect(coerceAnswer(checkList, 'Keynote: No; Panel: _d1')).toEqual([{ itemName: 'Keynote', selectedValue: '_d2' }, { itemName: 'Panel', selectedValue: '_d1' }]);
    const sheet = { key: 's1', type: 'sheet' as const, option: { label: 'Hours', rowLabels: ['Monday', 'Tuesday'] } };
    expect(coerceAnswer(sheet, 'monday: 8; tuesday: 7.5')).toEqual([{ itemName: 'Monday', value: '8' }, { itemName: 'Tuesday', value: '7.5' }]);
  });
  it('takes JSON as is', () => expect(coerceAnswer(fields[0]!, '{"firstName":"A","lastName":"B"}')).toEqual({ firstName: 'A', lastName: 'B' }));
  it('finds fields by key or label, refusing ambiguity', () => {
    expect(findField(fields, 'tags').field?.key).toBe('t');
    expect(findField(fields, 'n').field?.key).toBe('n');
    expect(findField([...fields, { key: 'z', type: 'email', option: { label: 'Tags' } }], 'Tags').problem).toMatch(/label of 2 fields/);
    expect(findField(fields, 'nope').problem).toMatch(/no field/);
  });
});
