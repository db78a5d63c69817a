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

  it('follow what a row says, not where it is: the same row fixed elsewhere, moved, in an errors file or an export keeps its key', () => {
    const ada = { Name: 'Ada', 'E-mail': 'ada@example.com', Meal: 'veg' };
    const [key] = rowKeys('AB', [ada]);
    // moved below another row, its columns in another order, header case and outer spaces changed
    expect(rowKeys('AB', [{ Name: 'Bob' }, { ' e-mail ': 'ada@example.com', meal: 'veg', NAME: 'Ada' }])[1]).toBe(key);
    // as an errors file writes it, and as an export does (ids and times), with an empty column added
    expect(rowKeys('AB', [{ ...ada, _row: '7', _errors: 'E-mail: invalid', _retryable: 'true' }])[0]).toBe(key);
    expect(rowKeys('AB', [{ id: '65f0c1', createdAt: '2026-12-01T10:00:00Z', updatedAt: '2026-12-01T10:00:00Z', ...ada, Comment: '' }])[0]).toBe(key);
    // edited, or another form: a key of its own
    expect(rowKeys('AB', [{ ...ada, Meal: 'fish' }])[0]).not.toBe(key);
    expect(rowKeys('CD', [ada])[0]).not.toBe(key);
    // two rows that say the same are two rows
    const twice = rowKeys('AB', [ada, { Name: 'Bob' }, ada]);
    expect([twice[0], new Set(twice).size]).toEqual([key, 3]);
  });
});
