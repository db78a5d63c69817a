import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
