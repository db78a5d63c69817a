import { describe, expect, it } from 'vitest';
import { answersOf, importKey, mapColumns, rowKeys } from '../../../src/commands/submissions/import.js';
import type { AnswerField } from '../../../src/domain/answers.js';

const fields: AnswerField[] = [
  { key: 'k1', type: 'name', option: { label: 'Your name' } },
  { key: 'k2', type: 'email', option: { label: 'E-mail' } },
  { key: 'k3', type: 'checkbox', option: { label: 'Topics' } },
];

describe('import columns', () => {
  it('maps keys, labels in any case and exported part columns; ignores export metadata', () => {
    const { map, unknown } = mapColumns(['id', 'createdAt', 'Your name (first name)', 'k1.lastName', 'e-mail', 'k3', '_errors'], fields);
    expect(unknown).toEqual([]);
    const answers = answersOf({ 'Your name (first name)': 'Ada', 'k1.lastName': 'L', 'e-mail': 'a@b.co', k3: 'x;y', id: 'ignored' }, map);
    expect(answers).toEqual({ k1: { firstName: 'Ada', lastName: 'L' }, k2: 'a@b.co', k3: ['x', 'y'] });
  });
  it('reports columns that match no field', () => expect(mapColumns(['Nope'], fields).unknown).toEqual(['Nope']));
  it('treats empty cells as no answer', () => {
    const { map } = mapColumns(['E-mail'], fields);
    expect(answersOf({ 'E-mail': '' }, map)).toEqual({});
  });
});

describe('import idempotency keys', () => {
  it('are the same for the same form, row text and occurrence, and differ otherwise, within 128 characters', () => {
    expect(importKey('AB', 'h1', 3)).toBe(importKey('AB', 'h1', 3));
    expect(new Set([importKey('AB', 'h1', 3), importKey('AB', 'h1', 4), importKey('AB', 'h2', 3), importKey('CD', 'h1', 3)]).size).toBe(4);
    expect(importKey('AB', 'h1', 3).length).toBeLessThanOrEqual(128);
  });

  it('are the file\'s and the row\'s: the same file replays, another file (the same answers a week later) is new; a row an errors file carries keeps the key it was sent with', () => {
    const rows = [{ Rating: '5' }, { Rating: '5' }];
    const week1 = rowKeys('AB', 'h1', rows);
    expect(rowKeys('AB', 'h1', rows)).toEqual(week1);
    expect(new Set([...week1, ...rowKeys('AB', 'h2', rows)]).size).toBe(4);
    // an errors file's failed row: its _key; a rejected one (no _key) or a _key that is no key: the file's own
    const again = rowKeys('AB', 'h3', [{ Rating: '5', _row: '2', _retryable: 'true', _key: week1[1]! }, { Rating: '9', _row: '1', _key: '' }, { Rating: '5', _key: 'import-x' }]);
    expect(again).toEqual([week1[1], importKey('AB', 'h3', 2), importKey('AB', 'h3', 3)]);
  });
});
