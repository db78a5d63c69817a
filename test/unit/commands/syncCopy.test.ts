import { describe, expect, it } from 'vitest';
import { CopyBatch, copyLine } from '../../../src/commands/submissions/syncPostgres.js';
import type { Cell, SyncSubmission } from '../../../src/domain/syncColumns.js';

// The COPY text `submissions sync` sends PostgreSQL: built page by page, one line per id.
const row = (id: string, note: string): SyncSubmission => ({ id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', answers: { n: note } });
const cellsOf = (s: SyncSubmission): Cell[] => [s.id, s.createdAt, s.answers.n as string, null, 3, true];
const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString();
/** rows added with their JSON as the raw column, as a sink is given them */
const add = (b: CopyBatch, rows: SyncSubmission[], json = rows.map((r) => JSON.stringify(r))) => b.add('QR', rows, json, cellsOf);

describe('COPY text of a sync batch', () => {
  it('escapes what COPY reads specially, in the cells and in the raw JSON', () => {
    expect(copyLine(['a\tb', 'c\nd\re', 'back\\slash', '\\N', null, 1.5, false])).toBe('a\\tb\tc\\nd\\re\tback\\\\slash\t\\\\N\t\\N\t1.5\tf\n');
    const b = new CopyBatch();
    add(b, [row('a1', 'x\\y "q"\n')]);
    const { raw } = b.text();
    expect(text(raw)).toBe(`a1\tQR\t2026-01-01T00:00:00.000Z\t2026-01-01T00:00:00.000Z\t${JSON.stringify(row('a1', 'x\\y "q"\n')).replace(/\\/g, '\\\\')}\n`);
  });

  it('escapes the tabs and line breaks that JSON as the service sent it may hold between its tokens', () => {
    const b = new CopyBatch();
    const served = '{\r\n\t"id": "a1",\n\t"answers": {"n": "tab\\tin"}\n}';
    add(b, [row('a1', 'x')], [served]);
    const line = text(b.text().raw).slice(0, -1);
    expect(line.split('\t')).toHaveLength(5);
    expect(line).not.toMatch(/[\r\n]/);
    // what COPY's text format reads back: the JSON as it came
    const cell = line.split('\t')[4]!.replace(/\\([\\tnr])/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c]!);
    expect(cell).toBe(served);
    expect(JSON.parse(cell)).toEqual({ id: 'a1', answers: { n: 'tab\tin' } });
  });

  it('keeps one line per id, the last read, when a row comes twice in a batch (pages shifted meanwhile)', () => {
    const b = new CopyBatch();
    add(b, [row('a1', 'first'), row('b2', 'b')]);
    add(b, [row('a1', 'second'), row('c3', 'c')]);
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
    add(b, [row('a1', 'one')]);
    add(b, [row('b2', 'two')]);
    const { form } = b.text();
    expect(form).toHaveLength(2);
    expect(text(form)).toBe(copyLine(cellsOf(row('a1', 'one'))) + copyLine(cellsOf(row('b2', 'two'))));
  });

  it('writes a row whose JSON holds nothing COPY escapes as the escaping way would, and escapes every other', () => {
    // rows as a page brings them: texts with no backslash, tab or line break cannot decode to strings
    // that hold one (JSON escapes them), so their cells are written without a test per cell
    const served = [
      '{"id":"p1","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z","answers":{"n":"Zoë – naïve café ☕ 𝄞"}}',
      '{"id":"e1","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z","answers":{"n":"line\\nbreak and \\"quote\\" C:\\\\dir"}}',
      '{ "id" : "p2", "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z", "answers": {"n": "N/A, spaced out"} }',
      '{"id":"p3","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z","answers":{"n":"plain, with a comma; and \'single\' quotes"}}',
    ];
    const rows = served.map((t) => JSON.parse(t) as SyncSubmission);
    const b = new CopyBatch();
    add(b, rows, served);
    const escape = (v: string) => copyLine([v]).slice(0, -1);
    expect(text(b.text().form)).toBe(rows.map((r) => copyLine(cellsOf(r))).join(''));
    expect(text(b.text().raw)).toBe(rows.map((r, i) => `${r.id}\tQR\t${r.createdAt}\t${r.updatedAt}\t${escape(served[i]!)}\n`).join(''));
    expect(text(b.text().form)).toContain('line\\nbreak and "quote" C:\\\\dir');
  });
});

