import { describe, expect, it } from 'vitest';
import { CopyBatch, copyLine } from '../../../src/commands/submissions/syncPostgres.js';
import type { Cell, SyncSubmission } from '../../../src/domain/syncColumns.js';

// The COPY text `submissions sync` sends PostgreSQL: built page by page, one line per id.
const row = (id: string, note: string): SyncSubmission => ({ id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', answers: { n: note } });
const cellsOf = (s: SyncSubmission): Cell[] => [s.id, s.createdAt, s.answers.n as string, null, 3, true];
const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString();

describe('COPY text of a sync batch', () => {
  it('escapes what COPY reads specially, in the cells and in the raw JSON', () => {
    expect(copyLine(['a\tb', 'c\nd\re', 'back\\slash', '\\N', null, 1.5, false])).toBe('a\\tb\tc\\nd\\re\tback\\\\slash\t\\\\N\t\\N\t1.5\tf\n');
    const b = new CopyBatch();
    b.add('QR', [row('a1', 'x\\y "q"\n')], cellsOf);
    const { raw } = b.text();
    expect(text(raw)).toBe(`a1\tQR\t2026-01-01T00:00:00.000Z\t2026-01-01T00:00:00.000Z\t${JSON.stringify(row('a1', 'x\\y "q"\n')).replace(/\\/g, '\\\\')}\n`);
  });

  it('keeps one line per id, the last read, when a row comes twice in a batch (pages shifted meanwhile)', () => {
    const b = new CopyBatch();
    b.add('QR', [row('a1', 'first'), row('b2', 'b')], cellsOf);
    b.add('QR', [row('a1', 'second'), row('c3', 'c')], cellsOf);
    expect(b.rows).toBe(4);
    const { form, raw } = b.text();
    const lines = text(form).trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(['a1', 'b2', 'c3']);
    expect(lines[0]).toContain('second');
    expect(text(raw).trimEnd().split('\n').map((l) => l.split('\t')[0])).toEqual(['a1', 'b2', 'c3']);
    expect(text(raw)).not.toContain('first');
  });

  it('sends the pages as they were built when no id repeats', () => {
    const b = new CopyBatch();
    b.add('QR', [row('a1', 'one')], cellsOf);
    b.add('QR', [row('b2', 'two')], cellsOf);
    const { form } = b.text();
    expect(form).toHaveLength(2);
    expect(text(form)).toBe(copyLine(cellsOf(row('a1', 'one'))) + copyLine(cellsOf(row('b2', 'two'))));
  });
});
