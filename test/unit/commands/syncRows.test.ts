import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../src/api/resources/submissions.js';
import { elementTexts } from '../../../src/cmdutil/jsonSpans.js';
import { pageItems, pagesOver, SyncRows } from '../../../src/commands/submissions/syncRows.js';
import type { RowSink, SyncState } from '../../../src/commands/submissions/syncShared.js';
import type { AnswerField } from '../../../src/domain/answers.js';
import { seededRandom } from '../../../src/domain/random.js';
import { ApiError } from '../../../src/errors.js';
import type { SyncSubmission } from '../../../src/domain/syncColumns.js';

// What a sync does with a page wherever its rows are written (syncRows.ts): the items' own texts found
// in the page as it came, the rows at the state's edge skipped, redaction, the newest rows seen.

const sub = (id: string, createdAt: string, answers: Record<string, unknown> = {}): Submission => ({ id, qrId: 'QR', answers, createdAt, updatedAt: createdAt }) as Submission;

/** JSON text of a value laid out the ways servers and people do: compact, indented, tabs and CRLF, spaces everywhere */
function layout(value: unknown, style: number): string {
  if (style === 0) return JSON.stringify(value);
  if (style === 1) return JSON.stringify(value, null, 2);
  if (style === 2) return JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n');
  // spaces around every structural character outside strings
  return JSON.stringify(value).replace(/("(?:[^"\\]|\\.)*")|([{}[\],:])/g, (m, str: string | undefined) => (str ? m : ` ${m}\n `));
}

/** strings that trip a scanner: quotes, backslashes before quotes, brackets, escapes, beyond the BMP */
const NASTY = ['plain', '', 'a "quoted" word', 'ends with a backslash \\', '\\"', '\\\\"', '{"not":"json"}', '[1,2]', 'comma, colon: brace}', '\u0000\u001f\t\n\r', 'naïve — ✓', '😀 𝄞', '\u2028\u2029', '"', '\\'];

function randomValue(r: () => number, depth: number): unknown {
  const k = Math.floor(r() * (depth > 2 ? 5 : 7));
  if (k === 0) return NASTY[Math.floor(r() * NASTY.length)];
  if (k === 1) return Math.floor(r() * 2e6) / (r() < 0.5 ? 1 : 1000) * (r() < 0.3 ? -1 : 1);
  if (k === 2) return r() < 0.5;
  if (k === 3) return null;
  if (k === 4) return r() < 0.5 ? 1e21 * r() : -0.000001 * r();
  if (k === 5) return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, (_, i) => [NASTY[(i * 7 + Math.floor(r() * 100)) % NASTY.length]!, randomValue(r, depth + 1)]));
}

describe('each item of a page as it came (elementTexts)', () => {
  it('finds every item of 300 random pages, laid out four ways, with strings and numbers made to trip it', () => {
    const r = seededRandom(20261125);
    for (let n = 0; n < 300; n++) {
      const items = Array.from({ length: Math.floor(r() * 6) }, (_, i) => ({ ...sub(`id${n}x${i}`, '2026-01-01T00:00:00.000Z'), answers: randomValue(r, 0), quizData: r() < 0.3 ? randomValue(r, 0) : undefined }));
      // the envelope's members in any order, with a form whose fields hold arrays too
      const data = r() < 0.5 ? { items, total: items.length, page: 1 } : { total: items.length, page: 1, items };
      const env = r() < 0.5 ? { status: 'success', data, form: { fields: [{ key: 'k', options: [[1], { items: [] }] }] } } : { form: { items: ['decoy'] }, data, status: 'success' };
      const text = layout(env, n % 4);
      const texts = elementTexts(text, ['data', 'items'])!;
      expect(texts.map((t) => JSON.parse(t) as unknown), text).toEqual(JSON.parse(text).data.items);
      expect(pageItems(text, 'Q').texts).toEqual(texts);
    }
  });

  it('reads keys as JSON.parse does: an escaped key is its letters, and the last of a repeated key counts', () => {
    expect(elementTexts('{"d\\u0061ta":{"items":[1, 2]}}', ['data', 'items'])).toEqual(['1', '2']);
    const twice = '{"status":"success","data":{"items":[{"id":"old"}]},"data":{"items":[{"id":"new"}]}}';
    expect(elementTexts(twice, ['data', 'items'])).toEqual(['{"id":"new"}']);
    expect(pageItems(twice, 'Q').texts).toEqual(['{"id":"new"}']);
    expect(elementTexts('{"data":{"items":[{"id":"a"}],"items":7}}', ['data', 'items'])).toBeUndefined();
  });

  it('finds nothing where the path leads to no array', () => {
    expect(elementTexts('[1,2]', ['data', 'items'])).toBeUndefined();
    expect(elementTexts('{"data":[{"items":[1]}]}', ['data', 'items'])).toBeUndefined();
    expect(elementTexts('{"data":{"items":"[1]"}}', ['data', 'items'])).toBeUndefined();
    expect(elementTexts('{"data":{}}', ['data', 'items'])).toBeUndefined();
    expect(elementTexts(' { "data" : { "items" : [ ] } } ', ['data', 'items'])).toEqual([]);
  });
});

describe('a page of submissions as it came (pageItems)', () => {
  const PATH = '/forms/QR/submissions';
  const refusal = (text: string) => {
    try {
      pageItems(text, 'QR');
    } catch (e) {
      return e as ApiError;
    }
    throw new Error(`accepted: ${text}`);
  };

  it('refuses what is not a success envelope with items as the API client does: its ApiError, quoting what came or the service\'s message', () => {
    for (const text of ['<html>', '{"status":"error","data":{"items":[]}}', '{"status":"success","data":{"items":{}}}']) {
      const e = refusal(text);
      expect(e).toBeInstanceOf(ApiError);
      expect(e.message).toBe(`unexpected response (HTTP 200): ${text}`);
      expect([e.method, e.path]).toEqual(['GET', PATH]);
    }
    expect(refusal('{"status":"failed","message":"Form is archived"}').message).toBe('Form is archived');
  });
});

describe('a page read for --redact', () => {
  it('does not look for the items\' texts: a redacted row\'s JSON is made from the redacted row', () => {
    const text = `{"status":"success","data":{"items":[${JSON.stringify(sub('a', 't1'))}]}}`;
    expect(pageItems(text, 'Q').texts).toEqual([JSON.stringify(sub('a', 't1'))]);
    expect(pageItems(text, 'Q', false)).toEqual({ items: [sub('a', 't1')], texts: undefined });
  });
});

describe('the rows of a page (SyncRows)', () => {
  const fields: AnswerField[] = [{ key: 'mail', type: 'email', option: { label: 'Mail' } } as AnswerField];

  it('writes oldest first with each item\'s own text, skips what was synced at the edge, and remembers the newest', () => {
    const rows = new SyncRows({ since: 't1', skip: ['b'], full: true, fields });
    // newest first, as a page lists them: c at t2; a and b at t1 (b synced before)
    const items = [sub('c', 't2'), sub('b', 't1'), sub('a', 't1')];
    const got = rows.take(items, ['{"c":1}', '{"b":1}', '{"a":1}']);
    expect(got.rows.map((r) => r.id)).toEqual(['a', 'c']);
    expect(got.json).toEqual(['{"a":1}', '{"c":1}']);
    expect(rows.newest.newest).toBe('t2');
    expect([...rows.newest.idsAtNewest]).toEqual(['c']);
    expect([...rows.seen].sort()).toEqual(['a', 'b', 'c']);
  });

  it('without the texts, stores each row\'s JSON; redacted, the redacted row\'s, never the text that came', () => {
    const items = [sub('a', 't1', { mail: 'ada@example.com' })];
    expect(new SyncRows({ skip: [], full: false, fields }).take(items).json).toEqual([JSON.stringify(items[0])]);
    const redacted = new SyncRows({ skip: [], full: false, fields, redaction: { secret: 's', dropText: false } }).take(items, ['{"id":"a","answers":{"mail":"ada@example.com"}}']);
    expect(redacted.json[0]).not.toContain('ada@');
    expect(JSON.parse(redacted.json[0]!)).toEqual(redacted.rows[0]);
    expect((redacted.rows[0]!.answers.mail as string)).toMatch(/^email_[0-9a-f]{12}@redacted\.invalid$/);
  });

  it('redacted, keeps the submission\'s own fields only: what else the service sends never reaches the database', () => {
    const item = { ...sub('a', 't1', { mail: 'ada@example.com' }), respondent: { email: 'ada@example.com' } } as Submission;
    const got = new SyncRows({ skip: [], full: false, fields, redaction: { secret: 's', dropText: true } }).take([item], [JSON.stringify(item)]);
    expect(got.json[0]).not.toContain('ada@');
    expect(Object.keys(JSON.parse(got.json[0]!) as object).sort()).toEqual(['answers', 'createdAt', 'id', 'qrId', 'updatedAt']);
  });
});

describe('the pages of a form over a sink that writes rows (pagesOver)', () => {
  it('parses pages that come as bytes, and commits the newest rows written with the count since the last commit', async () => {
    const written: Array<{ rows: SyncSubmission[]; json: string[] }> = [];
    const commits: SyncState[] = [];
    const sink = { writeRows: async (_q: string, rows: SyncSubmission[], json: string[]) => void written.push({ rows, json }), commit: async (s: SyncState) => void commits.push(s) } as unknown as RowSink;
    const pages = pagesOver(sink, 'QR', { skip: [], full: false, fields: [] });
    const page = `{"status":"success","data":{"items":[${JSON.stringify(sub('b', 't2'))},\n ${JSON.stringify(sub('a', 't1'))}]}}`;
    const bytes = Buffer.from(page);
    await pages.write({ chunks: [bytes.subarray(0, 50), bytes.subarray(50)] });
    await pages.write({ chunks: [Buffer.from(`{"status":"success","data":{"items":[${JSON.stringify(sub('c', 't3'))}]}}`)] });
    expect(await pages.commit({ qrId: 'QR', table: 'form_qr', columns: [], rows: 0 })).toBe(3);
    expect(written.flatMap((w) => w.json)).toEqual([JSON.stringify(sub('a', 't1')), JSON.stringify(sub('b', 't2')), JSON.stringify(sub('c', 't3'))]);
    expect(commits[0]).toMatchObject({ newestCreatedAt: 't3', idsAtNewest: ['c'] });
    expect(await pages.commit({ qrId: 'QR', table: 'form_qr', columns: [], rows: 0 })).toBe(0);
  });
});
