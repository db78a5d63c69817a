import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import type { IOStreams } from '../../../src/io/streams.js';
import { parseFields, renderList, renderListStream, renderOne, resolveFormat, streamsList, type View } from '../../../src/output/format.js';
import { seededRandom } from '../../../src/domain/random.js';

const io = (tty: boolean): IOStreams => ({
  stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {},
  isStdinTTY: tty, isStdoutTTY: tty, isStderrTTY: tty, color: false, colorErr: false, ci: false, canPrompt: tty,
});

interface Row { id: string; title: string; n: number; tags: string[] }
const view: View<Row> = { fields: ['id', 'title', 'n', 'tags'], columns: ['id', 'title'], id: (r) => r.id };
const rows: Row[] = [
  { id: 'A1', title: 'Hello, "world"', n: 1, tags: ['x'] },
  { id: 'B2', title: 'Second', n: 2, tags: [] },
];

describe('format choice', () => {
  it('is a table on a terminal and JSON in a pipe', () => {
    expect(resolveFormat(undefined, undefined, undefined, io(true))).toBe('table');
    expect(resolveFormat(undefined, undefined, undefined, io(false))).toBe('json');
  });
  it('lets -o win over --json and the setting', () => expect(resolveFormat('csv', true, 'json', io(false))).toBe('csv'));
  it('rejects an unknown format', () => expect(() => resolveFormat('xml', false, undefined, io(false))).toThrow(UsageError));
});

describe('--columns', () => {
  it('checks names against the allow-list and lists the valid ones', () => {
    expect(parseFields('id,n', view.fields)).toEqual(['id', 'n']);
    expect(() => parseFields('id,nope', view.fields)).toThrow(/unknown field nope; valid fields: id, title, n, tags/);
  });
});

describe('renderers', () => {
  it('json is an array of whole records, or the picked fields', async () => {
    expect(JSON.parse(await renderList(io(false), { format: 'json', quiet: false }, view, rows))).toEqual(rows);
    expect(JSON.parse(await renderList(io(false), { format: 'json', quiet: false, fields: ['id'] }, view, rows))).toEqual([{ id: 'A1' }, { id: 'B2' }]);
  });
  it('jsonl is one record per line', async () => {
    const out = await renderList(io(false), { format: 'jsonl', quiet: false }, view, rows);
    expect(out.trim().split('\n').map((l) => JSON.parse(l))).toEqual(rows);
  });
  it('csv quotes per RFC 4180 and JSON-encodes nested values', async () => {
    const out = await renderList(io(false), { format: 'csv', quiet: false }, view, rows);
    expect(out).toBe('id,title,n,tags\nA1,"Hello, ""world""",1,"[""x""]"\nB2,Second,2,[]\n');
  });
  it('-q prints only ids', async () => {
    expect(await renderList(io(false), { format: 'json', quiet: true }, view, rows)).toBe('A1\nB2\n');
  });
  it('table shows the default columns', async () => {
    const out = await renderList(io(false), { format: 'table', quiet: false }, view, rows);
    expect(out).toContain('title');
    expect(out).not.toContain('tags');
  });
  it('one record in table form is a key/value listing', async () => {
    expect(await renderOne(io(false), { format: 'table', quiet: false, fields: ['id', 'n'] }, view, rows[0]!)).toBe('id  A1\nn   1\n');
  });
});

describe('tables fit the terminal', async () => {
  const { fitWidths, truncate } = await import('../../../src/output/fit.js');
  it('cuts the widest columns first and ends cut text with …', () => {
    expect(fitWidths([10, 100, 8], 60)).toEqual([10, 32, 8]); // 60 - (3*3+1) = 50 for the text
    expect(fitWidths([5, 5], 80)).toEqual([5, 5]);
    expect(truncate('abcdefgh', 5)).toBe('abcd…');
    expect(truncate('abc', 5)).toBe('abc');
  });
});

describe('a list written as its pages come (renderListStream)', () => {
  // texts with a line break, and with U+2028 and U+2029 (which JSON leaves as they are, and a regular expression's ^ with m takes for line ends)
  const many: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: `R${i}`, title: i % 3 ? `row ${i}${i % 4 ? '' : '\u2028and\u2029on'}` : `=cmd|' /C calc'!A${i}, "quoted"\nline`, n: i * 1.5, tags: i % 2 ? [] : ['a', `b${i}`] }));
  async function streamed(opts: Parameters<typeof renderListStream>[0], batches: Row[][]): Promise<string> {
    let out = '';
    for await (const text of renderListStream(opts, view, (async function* () { yield* batches; })())) out += text;
    return out;
  }
  /** the rows cut into batches at random places, empty batches included */
  function cut(list: Row[], seed: number): Row[][] {
    const r = seededRandom(seed);
    const batches: Row[][] = [];
    for (let i = 0; i < list.length; ) {
      const n = Math.floor(r() * 6);
      batches.push(list.slice(i, i + n));
      i += n;
    }
    return batches;
  }
  const cases: Array<Parameters<typeof renderListStream>[0]> = [
    { format: 'json', quiet: false }, { format: 'json', quiet: false, fields: ['id', 'tags'] },
    { format: 'jsonl', quiet: false }, { format: 'jsonl', quiet: false, fields: ['title'] },
    { format: 'csv', quiet: false }, { format: 'csv', quiet: false, fields: ['n', 'id'] }, { format: 'csv', quiet: false, csvRaw: true },
    { format: 'json', quiet: true }, { format: 'csv', quiet: true },
  ];
  it('writes byte for byte what renderList writes for the whole list, however the pages are cut', async () => {
    for (const opts of cases) {
      for (const list of [many, many.slice(0, 1), []]) {
        const whole = await renderList(io(false), opts, view, list);
        for (const seed of [1, 2, 3]) expect(await streamed(opts, cut(list, seed)), `${JSON.stringify(opts)} ${list.length} rows`).toBe(whole);
        expect(await streamed(opts, [list]), JSON.stringify(opts)).toBe(whole);
        expect(await streamed(opts, []), JSON.stringify(opts)).toBe(await renderList(io(false), opts, view, []));
      }
    }
  });
  it('streams every format but a table, and nothing under --query', () => {
    expect(['json', 'jsonl', 'csv', 'table'].map((format) => streamsList({ format: format as never, quiet: false }))).toEqual([true, true, true, false]);
    expect(streamsList({ format: 'table', quiet: true })).toBe(true);
    expect(streamsList({ format: 'json', quiet: false, query: {} as never })).toBe(false);
  });
});
