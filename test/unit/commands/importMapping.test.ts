import { describe, expect, it } from 'vitest';
import { answersOf, importKey, mapColumns } from '../../../src/commands/submissions/import.js';
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
  it('are the same for the same form, file and row, and differ otherwise, within 128 characters', () => {
    expect(importKey('AB', 'h1', 3)).toBe(importKey('AB', 'h1', 3));
    expect(new Set([importKey('AB', 'h1', 3), importKey('AB', 'h1', 4), importKey('AB', 'h2', 3), importKey('CD', 'h1', 3)]).size).toBe(4);
    expect(importKey('AB', 'h1', 3).length).toBeLessThanOrEqual(128);
  });
});
