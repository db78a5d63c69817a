import { describe, expect, it } from 'vitest';
import { pack, unpack } from '../../../src/commands/submissions/syncWorker.js';
import type { SyncSubmission } from '../../../src/domain/syncColumns.js';

// A page's rows as they cross to the SQLite worker thread: each arrives whole, with its JSON.
describe('rows sent to the SQLite worker', () => {
  it('arrive as they were, with the JSON the sink stores, NUL and line breaks in answers included', () => {
    const rows: SyncSubmission[] = [
      { id: 'a1', createdAt: 'c1', updatedAt: 'u1', answers: { k: 'nul \u0000 and\nbreak', n: [1, { z: null }], b: true }, quizData: { passed: true, points: 1.5 } },
      { id: 'b2', createdAt: 'c2', updatedAt: 'u2', answers: {} },
    ];
    const got = unpack(structuredClone(pack(rows)));
    expect(got.rows).toEqual(rows);
    expect(got.json).toEqual(rows.map((r) => JSON.stringify(r)));
  });

  it('sends an empty page as none', () => {
    expect(unpack(pack([]))).toEqual({ rows: [], json: [] });
  });
});
