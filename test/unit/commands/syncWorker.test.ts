import { describe, expect, it } from 'vitest';
import { pack, unpack } from '../../../src/commands/submissions/syncWorker.js';
import type { PageRow } from '../../../src/commands/submissions/syncShared.js';

// A page's rows as they cross to the SQLite worker thread: the cells and the raw JSON arrive whole.
describe('rows sent to the SQLite worker', () => {
  it('arrive with every cell as it was and the raw JSON as JSON.stringify makes it, NUL and line breaks included', () => {
    const rows: PageRow[] = [
      { cells: ['a1', 'x\u0000y', null, 1.5, true, false, ''], raw: { id: 'a1', createdAt: 'c1', updatedAt: 'u1', answers: { k: 'nul \u0000 and\nbreak', n: [1, { z: null }] }, quizData: { passed: true } } },
      { cells: ['b2', '"q"', 0, -3, null, null, 'é'], raw: { id: 'b2', createdAt: 'c2', updatedAt: 'u2', answers: {} } },
    ];
    const got = unpack(structuredClone(pack(rows)));
    expect(got.map((r) => r.cells)).toEqual(rows.map((r) => r.cells));
    expect(got.map((r) => r.json)).toEqual(rows.map((r) => JSON.stringify(r.raw)));
    expect(got.map((r) => [r.raw.id, r.raw.createdAt, r.raw.updatedAt])).toEqual([['a1', 'c1', 'u1'], ['b2', 'c2', 'u2']]);
  });

  it('sends an empty page as none', () => {
    expect(unpack(pack([]))).toEqual([]);
  });
});
