import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedSubmissions } from '../../src/sandbox/admin/seed.js';
import { seededRandom } from '../../src/domain/random.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// spec §4.4: a page of the submissions list. Forms without file fields are served from the stored
// JSON text spliced into the envelope; the bytes must be what serialising the objects would give.
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

const listText = async (path: string) => {
  const res = await fetch(`${sb.baseUrl}${path}`, { headers: { authorization: `Bearer ${sb.keys.owner}` } });
  expect(res.status).toBe(200);
  return res.text();
};

describe('GET /forms/{qrId}/submissions', () => {
  it('serves each row as the single read does, in compact JSON of the same key order, quiz results and awkward text included', async () => {
    const form = (await sb.api('POST', '/forms', {
      body: {
        title: 'Quiz', shortText: '', isQuiz: true, quizConfig: { passingScore: 50 },
        fields: [
          { type: 'shortText', option: { label: 'Note' } },
          { type: 'name', option: { label: 'Name' } },
          { type: 'radio', option: { label: 'Capital', options: [{ name: 'Paris', value: 'paris' }, { name: 'Lyon', value: 'lyon' }] }, quizConfig: { points: 2, correctAnswers: 'paris' } },
        ],
      },
    })).body.data as { qrId: string; fields: Array<{ key: string }> };
    const [note, name, capital] = form.fields.map((f) => f.key);
    const notes = ['quote " backslash \\ tab \t newline \n', 'é 漢字 😀 \u2028', '=1+2'];
    for (const text of notes) {
      const r = await sb.api('POST', `/forms/${form.qrId}/submissions`, { body: { answers: { [note!]: text, [name!]: { firstName: 'Ada', lastName: 'L' }, [capital!]: 'paris' } } });
      expect(r.status).toBe(200);
    }
    const text = await listText(`/forms/${form.qrId}/submissions?limit=2&page=1`);
    const body = JSON.parse(text);
    expect(JSON.stringify(body)).toBe(text);
    expect(Object.keys(body)).toEqual(['status', 'data', 'form']);
    expect(Object.keys(body.data)).toEqual(['items', 'total', 'page', 'pageSize', 'totalPages']);
    expect(body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, totalPages: 2 });
    const page2 = JSON.parse(await listText(`/forms/${form.qrId}/submissions?limit=2&page=2`));
    const items = [...body.data.items, ...page2.data.items];
    expect(items.map((s: { answers: Record<string, string> }) => s.answers[note!])).toEqual([...notes].reverse());
    for (const item of items) {
      const one = await sb.api('GET', `/submissions/${item.id}`);
      expect(JSON.stringify(item)).toBe(JSON.stringify(one.body.data));
      expect(item.quizData).toMatchObject({ points: 2, totalMarks: 2 });
    }
    expect(page2.form).toEqual(body.form);
  });

  it('answers an empty page with an empty items list', async () => {
    const form = (await sb.api('POST', '/forms', { body: { title: 'Empty', shortText: '', fields: [{ type: 'shortText', option: { label: 'Note' } }] } })).body.data as { qrId: string };
    const body = JSON.parse(await listText(`/forms/${form.qrId}/submissions`));
    expect(body.data).toEqual({ items: [], total: 0, page: 1, pageSize: expect.any(Number), totalPages: 0 });
  });
});

describe('pages served in any order are the pages of one list', () => {
  // rows 10 ms apart, and a run of rows at one instant among them (ties go by insertion order)
  async function seeded(): Promise<{ qrId: string; newestFirst: string[] }> {
    const form = (await sb.api('POST', '/forms', { body: { title: 'Pages', shortText: '', fields: [{ type: 'shortText', option: { label: 'Note' } }] } })).body.data as { qrId: string };
    const now = Date.now();
    seedSubmissions(sb.sandbox.store, form.qrId, 40, now);
    seedSubmissions(sb.sandbox.store, form.qrId, 33, now, now - 200);
    const all = JSON.parse(await listText(`/forms/${form.qrId}/submissions?limit=100`)) as { data: { items: Array<{ id: string }> } };
    expect(all.data.items).toHaveLength(73);
    return { qrId: form.qrId, newestFirst: all.data.items.map((s) => s.id) };
  }
  const pageIds = async (qrId: string, limit: number, page: number, query = '') =>
    (JSON.parse(await listText(`/forms/${qrId}/submissions?limit=${limit}&page=${page}${query}`)) as { data: { items: Array<{ id: string }> } }).data.items.map((s) => s.id);

  it('last to first (as sync walks), first to last (as export walks) and shuffled, with ties in createdAt', async () => {
    const { qrId, newestFirst } = await seeded();
    const shuffle = seededRandom(7);
    for (const [limit, order] of [[7, 'backward'], [8, 'forward'], [9, 'shuffled'], [5, 'backward']] as const) {
      const pages = Array.from({ length: Math.ceil(73 / limit) }, (_, i) => i + 1);
      const walk = order === 'backward' ? [...pages].reverse() : order === 'forward' ? pages : [...pages].sort(() => shuffle() - 0.5);
      const got = new Map<number, string[]>();
      for (const p of walk) got.set(p, await pageIds(qrId, limit, p));
      expect(pages.flatMap((p) => got.get(p)!), `${order}, limit ${limit}`).toEqual(newestFirst);
      // and again, now from what the first walk remembered
      for (const p of walk) expect(await pageIds(qrId, limit, p)).toEqual(got.get(p));
    }
  });

  it('within since and until, walked last to first: each page after the last is found from the one after it, not by its offset', async () => {
    const { qrId } = await seeded();
    const window = JSON.parse(await listText(`/forms/${qrId}/submissions?limit=100&page=1`)) as { data: { items: Array<{ id: string; createdAt: string }> } };
    const items = window.data.items.slice(3, 60);
    const query = `&since=${encodeURIComponent(items.at(-1)!.createdAt)}&until=${encodeURIComponent(items[0]!.createdAt)}`;
    const expected = JSON.parse(await listText(`/forms/${qrId}/submissions?limit=100${query}`)) as { data: { items: Array<{ id: string }> } };
    const spy = vi.spyOn(sb.sandbox.store.submissions, 'pageJson');
    try {
      const pages = Math.ceil(expected.data.items.length / 6);
      const got: string[][] = [];
      for (let p = pages; p >= 1; p--) got.unshift(await pageIds(qrId, 6, p, query));
      expect(got.flat()).toEqual(expected.data.items.map((s) => s.id));
      expect(spy.mock.calls.map((c) => c[4].skip)).toEqual([(pages - 1) * 6, ...Array(pages - 1).fill(0)]);
      // page 1 is the window's newest rows: no offset to walk, nothing to look for
      expect(spy.mock.calls.slice(1, -1).every((c) => c[4].before !== undefined)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
