import { describe, expect, it } from 'vitest';
import { draftChanges } from '../../../src/domain/drafter/changes.js';
import type { Draft } from '../../../src/domain/drafter/types.js';

const draft = (...labels: Array<[string, string]>): Draft => ({ title: 'T', shortText: '', locale: 'en', fields: labels.map(([type, label]) => ({ type, option: { label } })) }) as Draft;

// What the ai draft loop says changed between two drafts.
describe('draftChanges', () => {
  it('a rename alone is said as a rename, not as a move', () => {
    expect(draftChanges(draft(['name', 'Name'], ['email', 'E-mail']), draft(['name', 'Full name'], ['email', 'E-mail']))).toEqual(['~ Full name: renamed "Name" → "Full name"']);
  });

  it('fields kept in another order are said as a move', () => {
    expect(draftChanges(draft(['name', 'Name'], ['email', 'E-mail'], ['phone', 'Phone']), draft(['phone', 'Phone'], ['name', 'Name'], ['email', 'E-mail']))).toEqual(['~ order: Phone, Name, E-mail']);
  });

  it('nothing changed: nothing said', () => {
    expect(draftChanges(draft(['name', 'Name']), draft(['name', 'Name']))).toEqual([]);
  });
});
