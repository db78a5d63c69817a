import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, waitFor } from '../helpers/cli.js';
import { submissionFixtures } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/commandSandbox.js';

let sb: SandboxHandle;
const tmp = tempDir();

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'enterprise']);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const { makeForm, survey, requestsSince, lastRequestId, count } = submissionFixtures(() => sb);

describe('schema and validation', () => {
  it('serves the schema keyed by field key with valueType and an example, and caches it for offline checks', async () => {
    const f = await survey();
    const r = await sb.api('GET', `/forms/${f.qrId}/submission-schema`);
    expect(r.body.data.qrId).toBe(f.qrId);
    expect(r.body.data.fields[f.keys.Name!]).toMatchObject({ key: f.keys.Name, type: 'name', valueType: 'object', label: 'Name', required: true, example: { firstName: 'Ada', lastName: 'Lovelace' } });
    expect(r.body.data.fields[f.keys.Meal!].options).toEqual([{ value: 'veg', name: 'Veg' }, { value: 'fish', name: 'Fish' }]);
    const table = await sb.cli(['submissions', 'schema', f.qrId, '-o', 'csv']);
    expect(table.stdout.split('\n')[0]).toBe('key,type,valueType,label,required,options,example');
    // offline validation: zero requests
    const before = await sb.requestCount();
    const bad = await sb.cli(['submissions', 'validate', f.qrId, '--offline', '--set', 'Name=Ada Lovelace', '--set', 'Mail=nope']);
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/Mail \(.*, email\): "nope" is not an e-mail address \[invalid_email\]/);
    const good = await sb.cli(['submissions', 'validate', f.qrId, '--offline', '--set', 'Name=Ada Lovelace', '--set', 'Mail=a@b.co']);
    expect(good.exitCode).toBe(0);
    expect(await sb.requestCount()).toBe(before);
  });

  it('validate creates nothing, and answers 400 with fieldErrors and _form', async () => {
    const f = await survey();
    const ok = await sb.api('POST', `/forms/${f.qrId}/submissions/validate`, { body: { answers: { [f.keys.Name!]: { firstName: 'A', lastName: 'B' }, [f.keys.Mail!]: 'a@b.co' } } });
    expect(ok.body).toEqual({ status: 'success', data: { valid: true } });
    const bad = await sb.api('POST', `/forms/${f.qrId}/submissions/validate`, { body: { answers: { zzz: 1, [f.keys.Meal!]: 'beef' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Submission validation failed.');
    expect(bad.body.data.valid).toBe(false);
    expect(bad.body.data.fieldErrors).toMatchObject({ zzz: { code: 'unknown_field' }, [f.keys.Name!]: { code: 'missing_entry', type: 'name' }, [f.keys.Meal!]: { code: 'invalid_option', type: 'radio' } });
    const body = await sb.api('POST', `/forms/${f.qrId}/submissions/validate`, { body: { nope: 1 } });
    expect(body.body.data.fieldErrors._form.code).toBe('invalid_body');
    expect(await count(f.qrId)).toBe(0);
  });

  it('create refuses invalid answers with every field error by label, exit 3', async () => {
    const f = await survey();
    const r = await sb.cli(['submissions', 'create', f.qrId, '--answers', JSON.stringify({ [f.keys.Mail!]: 'x', [f.keys.Meal!]: 'beef' })]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('Submission validation failed.');
    expect(r.stderr).toMatch(/Name \(.*name\): "Name" is required but has no entry \[missing_entry\]/);
    expect(r.stderr).toMatch(/Mail \(.*email\).*\[invalid_email\]/);
    expect(r.stderr).toMatch(/Meal \(.*radio\).*\[invalid_option\]/);
  });
});

describe('create', () => {

  it('refuses an ambiguous or unknown --set field before any request', async () => {
    const f = await survey();
    await sb.cli(['submissions', 'schema', f.qrId]);
    const before = await sb.requestCount();
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Colour=red']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/no field with key or label "Colour"/);
    expect((await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=A B', '--idempotency-key', 'x'.repeat(129)])).exitCode).toBe(2);
    expect(await sb.requestCount()).toBe(before);
  });

  it('a field formctl just added is known to --set: forms update forgets the cached schema; a stale cache says how to refresh it', async () => {
    const f = await survey();
    await sb.cli(['submissions', 'schema', f.qrId]);
    const added = await sb.cli(['forms', 'update', f.qrId, '--add-field', 'shortText:Nickname']);
    expect(added.exitCode).toBe(0);
    const before = await sb.lastRequestId();
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=Ada L', '--set', 'Mail=ada@example.com', '--set', 'Meal=veg', '--set', 'Nickname=Countess']);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    // the schema asked for again (it was forgotten), then the submission
    expect((await sb.requestsSince(before)).map((q) => `${q.method} ${q.path.replace(/\?.*/, '')}`)).toEqual([`GET /v1/forms/${f.qrId}/submission-schema`, `POST /v1/forms/${f.qrId}/submissions`]);
    // changed elsewhere (here: straight through the API), the cached schema does not know the field
    await sb.api('PUT', `/forms/${f.qrId}`, { body: { fields: [...(await sb.api('GET', `/forms/${f.qrId}`)).body.data.fields, { type: 'shortText', option: { label: 'Pronouns' } }] } });
    const stale = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Pronouns=she']);
    expect(stale.exitCode).toBe(2);
    expect(stale.stderr).toMatch(new RegExp(`no field with key or label "Pronouns".*\\(from the schema cached .*: if the form changed since, refresh it with \`formctl submissions schema ${f.qrId}\`\\)`));
    // a change sent through formctl api forgets it as well
    const body = `${tmp.path}/title.json`;
    writeFileSync(body, JSON.stringify({ title: 'Survey, renamed' }));
    expect((await sb.cli(['api', '-X', 'PUT', `/forms/${f.qrId}`, '--input', body])).exitCode).toBe(0);
    expect((await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=Ann B', '--set', 'Mail=ann@example.com', '--set', 'Pronouns=she'])).exitCode).toBe(0);
  });

  it('replays the same key and body: same id, nothing new (spec §8)', async () => {
    const f = await survey();
    const answers = JSON.stringify({ [f.keys.Name!]: { firstName: 'A', lastName: 'B' }, [f.keys.Mail!]: 'a@b.co' });
    const a = await sb.cli(['submissions', 'create', f.qrId, '--answers', answers, '--idempotency-key', 'same-key-1', '-q']);
    const b = await sb.cli(['submissions', 'create', f.qrId, '--answers', answers, '--idempotency-key', 'same-key-1', '-q']);
    expect(b.stdout).toBe(a.stdout);
    expect(b.stderr).toMatch(/nothing new was created/);
    expect(await count(f.qrId)).toBe(1);
    // key order does not make a different body
    const raw = await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: { [f.keys.Mail!]: 'a@b.co', [f.keys.Name!]: { lastName: 'B', firstName: 'A' } } } });
    expect(raw.status).toBe(200);
  });

  it('answers 409 for the same key with another body — a changed timeSpentSeconds included — exit 1', async () => {
    const f = await survey();
    const answers = JSON.stringify({ [f.keys.Name!]: { firstName: 'A', lastName: 'B' }, [f.keys.Mail!]: 'a@b.co' });
    await sb.cli(['submissions', 'create', f.qrId, '--answers', answers, '--idempotency-key', 'k409', '--time-spent', '10']);
    const r = await sb.cli(['submissions', 'create', f.qrId, '--answers', answers, '--idempotency-key', 'k409', '--time-spent', '11']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/Idempotency-Key was already used with a different request body \(HTTP 409\)/);
    expect(await count(f.qrId)).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    const f = await survey();
    const body = (mail: string) => ({ answers: { [f.keys.Name!]: { firstName: 'A', lastName: 'B' }, [f.keys.Mail!]: mail } });
    const headers = { key: sb.keys.owner };
    void headers;
    const send = (mail: string) =>
      fetch(`${sb.baseUrl}/forms/${f.qrId}/submissions`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}`, 'content-type': 'application/json', 'idempotency-key': 'day-key' }, body: JSON.stringify(body(mail)) });
    expect((await send('a@b.co')).status).toBe(200);
    expect((await send('c@d.co')).status).toBe(409);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 24 * 3600 + 60 });
    expect((await send('c@d.co')).status).toBe(200);
    expect(await count(f.qrId)).toBe(2);
    const long = await fetch(`${sb.baseUrl}/forms/${f.qrId}/submissions`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}`, 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(129) }, body: JSON.stringify(body('e@f.co')) });
    expect(long.status).toBe(400);
  });

  it('refuses beyond the plan submission quota with the spec message', async () => {
    const f = await survey();
    await sb.admin('PUT', '/_sandbox/account', { submissionQuota: 0 });
    try {
      const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=A B', '--set', 'Mail=a@b.co']);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('Your current plan does not support this action. Please upgrade your plan. (HTTP 400)');
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { submissionQuota: null });
    }
  });

  it('uploads --attach files (category=submission) and reads them back with URLs', async () => {
    const f = await makeForm({ title: 'Files', fields: [{ type: 'picture', option: { label: 'Photos' } }, { type: 'signature', option: { label: 'Sign' } }] });
    const file = `${tmp.path}/pic.png`;
    writeFileSync(file, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const r = await sb.cli(['submissions', 'create', f.qrId, '--attach', `Photos=${file}`, '--attach', `Photos=${file}`, '--attach', `Sign=${file}`, '-q']);
    expect(r.exitCode, r.stderr).toBe(0);
    const got = JSON.parse((await sb.cli(['submissions', 'get', r.stdout.trim(), '--json'])).stdout);
    expect(got.answers[f.keys.Photos!]).toHaveLength(2);
    const sig = got.answers[f.keys.Sign!];
    expect(sig.fileUrl).toBe(`${sb.origin}/files/${sig.fileId}`);
    expect(Buffer.from(await (await fetch(sig.fileUrl)).arrayBuffer())).toEqual(readFileSync(file));
    // invalid answers are refused before any file is uploaded; validate never uploads
    const since = await lastRequestId();
    const bad = await sb.cli(['submissions', 'create', f.qrId, '--answers', '{"nope": 1}', '--attach', `Sign=${file}`]);
    expect(bad.exitCode).toBe(3);
    const checked = await sb.cli(['submissions', 'validate', f.qrId, '--attach', `Sign=${file}`]);
    expect(checked.exitCode, checked.stderr).toBe(0);
    const log = await requestsSince(since);
    expect(log.filter((l) => l.path.includes('/uploads'))).toEqual([]);
    expect(log.map((l) => `${l.method} ${l.path}`)).toEqual([`POST /v1/forms/${f.qrId}/submissions/validate`]);
    const missing = await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: { [f.keys.Sign!]: 'ffffffffffffffffffffffff' } } });
    expect(missing.body.data.fieldErrors[f.keys.Sign!].code).toBe('file_not_found');
    const big = `${tmp.path}/big.bin`;
    writeFileSync(big, Buffer.alloc(20 * 1024 * 1024 + 1));
    const tooBig = await sb.cli(['submissions', 'create', f.qrId, '--attach', `Sign=${big}`]);
    expect(tooBig.exitCode).toBe(2);
    expect(tooBig.stderr).toMatch(/limited to 20 MB/);
  });
});

describe('quizzes (spec §4.4 filtering)', () => {
  const quiz = (quizConfig: Record<string, unknown>) =>
    makeForm({
      title: 'Quiz',
      isQuiz: true,
      quizConfig,
      fields: [
        { type: 'radio', option: { label: 'Capital', options: [{ name: 'Paris', value: 'paris' }, { name: 'Lyon', value: 'lyon' }] }, quizConfig: { points: 2, correctAnswers: 'paris' } },
        { type: 'number', option: { label: 'Sum' }, quizConfig: { points: 1, correctAnswers: ['4'] } },
      ],
    });

  it('returns the score and correct answers by default', async () => {
    const f = await quiz({});
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Capital=paris', '--set', 'Sum=5', '--json']);
    const res = JSON.parse(r.stdout);
    expect(res).toMatchObject({ points: 2, totalMarks: 3, percentage: 66.67, passed: false, passingScore: 70 });
    expect(res.quizResult[1]).toMatchObject({ question: 'Sum', answer: '5', correct: false, points: 1, earnedPoints: 0, correctAnswer: ['4'] });
  });

  it('hides the score when showFinalScore is false, and correct answers when showAnswersResults is false', async () => {
    const hidden = await quiz({ showFinalScore: false, showAnswersResults: false });
    const r = JSON.parse((await sb.cli(['submissions', 'create', hidden.qrId, '--set', 'Capital=paris', '--set', 'Sum=4', '--json'])).stdout);
    expect(r).not.toHaveProperty('points');
    expect(r).not.toHaveProperty('percentage');
    expect(r.passed).toBe(true);
    expect(r.quizResult[0]).toEqual({ question: 'Capital', answer: 'paris', correct: true });
    // the stored quizData stays whole (webhooks get it unfiltered, spec §6)
    const got = JSON.parse((await sb.cli(['submissions', 'get', r.submissionId, '--json'])).stdout);
    expect(got.quizData).toMatchObject({ points: 3, totalMarks: 3, percentage: 100 });
    const shown = await quiz({ showFinalScore: true, showAnswersResults: false });
    const s = JSON.parse((await sb.cli(['submissions', 'create', shown.qrId, '--set', 'Capital=lyon', '--json'])).stdout);
    expect(s.points).toBe(0);
    expect(s.quizResult[0]).not.toHaveProperty('correctAnswer');
  });

  it('prints the quiz result on a table', async () => {
    const f = await quiz({});
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Capital=paris', '--set', 'Sum=4', '-o', 'table']);
    expect(r.stdout).toMatch(/passed 3\/3 \(100%\), passing score 70%/);
  });
});

describe('list, get, update, delete', () => {
  it('lists newest first with page math, the top-level form, and an empty list as 200', async () => {
    const f = await survey();
    const empty = await sb.api('GET', `/forms/${f.qrId}/submissions`);
    expect(empty.body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 50, totalPages: 0 });
    expect(empty.body.form.title).toBe('Survey');
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 120 });
    const page = await sb.api('GET', `/forms/${f.qrId}/submissions?limit=100&page=2`);
    expect(page.body.data).toMatchObject({ total: 120, page: 2, pageSize: 100, totalPages: 2 });
    expect(page.body.data.items).toHaveLength(20);
    const first = (await sb.api('GET', `/forms/${f.qrId}/submissions?limit=3`)).body.data.items;
    expect(first[0].createdAt >= first[1].createdAt && first[1].createdAt >= first[2].createdAt).toBe(true);
    expect((await sb.api('GET', `/forms/${f.qrId}/submissions?limit=101`)).status).toBe(400);
    const all = await sb.cli(['submissions', 'list', f.qrId, '--all', '-q']);
    expect(new Set(all.stdout.trim().split('\n')).size).toBe(120);
  });

  it('a --all list stopped part-way leaves the pages it had, its JSON array open so that no parser takes it for the whole (exit 5)', async () => {
    const f = await survey();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 250 });
    // the first page and the form's schema answer; the third request is refused before it is sent
    const cut = await sb.cli(['submissions', 'list', f.qrId, '--all', '-o', 'json', '--max-requests', '2']);
    expect(cut.exitCode).toBe(5);
    expect(() => JSON.parse(cut.stdout)).toThrow();
    expect(cut.stdout.startsWith('[\n')).toBe(true);
    expect(JSON.parse(`${cut.stdout}\n]`).length).toBeGreaterThanOrEqual(100);
    const lines = await sb.cli(['submissions', 'list', f.qrId, '--all', '-o', 'jsonl', '--max-requests', '2']);
    expect(lines.exitCode).toBe(5);
    // whole rows only
    for (const l of lines.stdout.trim().split('\n')) expect(() => JSON.parse(l)).not.toThrow();
  });

  it('a table of submissions names the answer columns it leaves out, piped as on a terminal', async () => {
    const f = await makeForm({ title: 'Wide', fields: [
      { type: 'name', option: { label: 'Name' } }, { type: 'email', option: { label: 'E-mail' } }, { type: 'phone', option: { label: 'Phone' } },
      { type: 'number', option: { label: 'Age' } }, { type: 'longText', option: { label: 'Comments' } },
    ] });
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 2 });
    const table = await sb.cli(['submissions', 'list', f.qrId, '-o', 'table']);
    expect(table.stdout.split('\n')[1]).not.toContain('Comments');
    expect(table.stderr).toContain('The table shows the first 4 answer columns; not shown: Age, Comments (pick with --columns, or every column with -o csv)');
    const picked = await sb.cli(['submissions', 'list', f.qrId, '-o', 'table', '--columns', 'id,Comments']);
    expect([picked.exitCode, picked.stdout.split('\n')[1]]).toEqual([0, expect.stringContaining('Comments')]);
    expect(picked.stderr).not.toContain('not shown');
    expect((await sb.cli(['submissions', 'list', f.qrId, '-o', 'csv'])).stderr).not.toContain('not shown');
  });

  it('pages stay exact after writes that land inside an already-paged window', async () => {
    const f = await survey();
    const t = Date.now() - 3_600_000;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 250, atMs: t });
    const walk = async (limit: number) => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const d = (await sb.api('GET', `/forms/${f.qrId}/submissions?limit=${limit}&page=${page}`)).body.data;
        ids.push(...d.items.map((x: { id: string }) => x.id));
        if (page >= d.totalPages) return ids;
      }
    };
    expect(await walk(100)).toEqual(await walk(97)); // the second walk continues from remembered page ends
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 5, atMs: t - 1 }); // older: lands on the last page
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 5, atMs: t + 1 }); // newer: shifts every page
    const after100 = await walk(100);
    expect(after100).toHaveLength(260);
    expect(after100).toEqual(await walk(97));
    expect(new Set(after100).size).toBe(260);
  });

  it('filters since/until on createdAt, both bounds inclusive, in the time language of every time flag', async () => {
    const f = await survey();
    const t = Date.parse('2026-01-10T10:00:00.000Z');
    for (const [i, ms] of [t, t + 1000, t + 2000].entries()) {
      await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: i + 1, atMs: ms });
    }
    const ids = async (...args: string[]) => (await sb.cli(['submissions', 'list', f.qrId, '--json', ...args])).stdout;
    const n = async (...args: string[]) => JSON.parse(await ids(...args)).length as number;
    expect(await n('--since', '2026-01-10T10:00:01.000Z')).toBe(5);
    expect(await n('--until', '2026-01-10T10:00:01.000Z')).toBe(3);
    expect(await n('--since', '2026-01-10T10:00:01Z', '--until', '2026-01-10T10:00:01Z')).toBe(2);
    expect(await n('--since', String(t / 1000 + 2))).toBe(3);
    expect(await n('--since', '2026-01-10T10:00:02.001Z')).toBe(0);
    // the one time language of every time flag: relative times and days too
    expect(await n('--since', '7d')).toBe(0);
    expect(await n('--since', `${Math.ceil((Date.now() - t) / 86_400_000) + 1}d`)).toBe(6);
    expect(await n('--until', '2026-01-10')).toBe(6); // a date alone: its whole day
    expect(await n('--until', '2026-01-09')).toBe(0);
    const bad = await sb.cli(['submissions', 'list', f.qrId, '--since', 'someday']);
    expect([bad.exitCode, bad.stderr]).toEqual([2, 'error: --since: "someday" is not a date or time; expected one of 2026-11-01, 2026-11-01T08:00, 2026-11-01T08:00:00Z, now, today, yesterday, 7d (7 days ago; also 90s, 30m, 12h, 2w), 1700000000 (Unix seconds)\n']);
    expect((await sb.api('GET', `/forms/${f.qrId}/submissions?since=yesterday`)).status).toBe(400);
    // a window that ends before it starts holds nothing: exit 2 before any request, for list and export alike
    const before = await sb.requestCount();
    for (const verb of ['list', 'export']) {
      const inverted = await sb.cli(['submissions', verb, f.qrId, '--since', 'today', '--until', 'yesterday']);
      expect([inverted.exitCode, inverted.stderr], verb).toEqual([2, expect.stringMatching(/^error: --until \(yesterday: \S+T23:59:59\.\d{3}Z\) is before --since \(today: \S+T00:00:00\.000Z\): nothing can be in that window\n$/)]);
    }
    expect(await sb.requestCount()).toBe(before);
    // the same instant on both sides is a window of one instant, not an inverted one
    expect(await n('--since', '2026-01-10T10:00:01Z', '--until', '2026-01-10T10:00:01.000Z')).toBe(2);
  });

  it('get returns the top-level form; update replaces answers (validated); --set keeps the rest', async () => {
    const f = await survey();
    const id = (await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=Ada Lovelace', '--set', 'Mail=a@b.co', '--set', 'Note=first', '-q'])).stdout.trim();
    const got = await sb.api('GET', `/submissions/${id}`);
    expect(got.body.form.fields.map((x: { key: string }) => x.key)).toContain(f.keys.Mail);
    expect((await sb.cli(['submissions', 'update', id, '--set', 'Note=second'])).exitCode).toBe(0);
    let answers = JSON.parse((await sb.cli(['submissions', 'get', id, '--json'])).stdout).answers;
    expect(answers).toMatchObject({ [f.keys.Note!]: 'second', [f.keys.Mail!]: 'a@b.co' });
    const bad = await sb.cli(['submissions', 'update', id, '--set', 'Mail=broken']);
    expect(bad.exitCode).toBe(3);
    expect((await sb.cli(['submissions', 'update', id, '--answers', JSON.stringify({ [f.keys.Name!]: { firstName: 'Z', lastName: 'Y' }, [f.keys.Mail!]: 'z@y.co' })])).exitCode).toBe(0);
    answers = JSON.parse((await sb.cli(['submissions', 'get', id, '--json'])).stdout).answers;
    expect(answers).toEqual({ [f.keys.Name!]: { firstName: 'Z', lastName: 'Y' }, [f.keys.Mail!]: 'z@y.co' });
    expect((await sb.api('GET', '/submissions/ffffffffffffffffffffffff')).status).toBe(400);
    expect((await sb.cli(['submissions', 'get', 'not-an-id'])).exitCode).toBe(2);
  });

  it('spec §5 roles: Viewer creates but cannot edit or delete; Editor edits but cannot delete (400)', async () => {
    const f = await survey();
    const v = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Name=V W', '--set', 'Mail=v@w.co', '-q'], { role: 'viewer' });
    expect(v.exitCode, v.stderr).toBe(0);
    const id = v.stdout.trim();
    const vEdit = await sb.cli(['submissions', 'update', id, '--set', 'Note=x'], { role: 'viewer' });
    expect(vEdit.stderr).toMatch(/Viewers cannot edit submissions \(HTTP 400\)/);
    expect((await sb.cli(['submissions', 'update', id, '--set', 'Note=x'], { role: 'editor' })).exitCode).toBe(0);
    const eDel = await sb.cli(['submissions', 'delete', id, '--yes'], { role: 'editor' });
    expect(eDel.exitCode).toBe(1);
    expect(eDel.stderr).toMatch(/Editors cannot delete submissions \(HTTP 400\)/);
    expect((await sb.cli(['submissions', 'delete', id, '--yes'], { role: 'viewer' })).stderr).toMatch(/HTTP 400/);
    const byAdmin = await sb.cli(['submissions', 'delete', id, '--yes', '-q'], { role: 'admin' });
    expect([byAdmin.exitCode, byAdmin.stdout]).toEqual([0, `${id}\n`]);
    expect(await count(f.qrId)).toBe(0);
  });

  it('--set on checkList and sheet fields takes the row labels and the choice words people see', async () => {
    const f = (await sb.api('POST', '/forms', { body: { title: 'Rows', shortText: '', fields: [
      { type: 'checkList', option: { label: 'Sessions', rowLabels: ['Keynote', 'Panel'] } },
      { type: 'sheet', option: { label: 'Hours', rowLabels: ['Monday', 'Tuesday'] } },
    ] } })).body.data as { qrId: string; fields: Array<{ key: string }> };
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Sessions=keynote: yes; panel: No', '--set', 'Hours=monday: 8; TUESDAY: 6', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const id = JSON.parse(r.stdout).submissionId as string;
    const got = (await sb.api('GET', `/submissions/${id}`)).body.data.answers;
    expect(got[f.fields[0]!.key]).toEqual([{ itemName: 'Keynote', selectedValue: '_d1' }, { itemName: 'Panel', selectedValue: '_d2' }]);
    expect(got[f.fields[1]!.key]).toEqual([{ itemName: 'Monday', value: '8' }, { itemName: 'Tuesday', value: '6' }]);
  });

  it('deletes ids of several forms one at a time, naming the id that failed and what was deleted before it', async () => {
    const a = await survey();
    const make = async () => (await sb.cli(['submissions', 'create', a.qrId, '--set', 'Name=A B', '--set', 'Mail=a@b.co', '-q'])).stdout.trim();
    const [one, two] = [await make(), await make()];
    const r = await sb.cli(['submissions', 'delete', one, 'aaaaaaaaaaaaaaaaaaaaaaaa', two, '--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`aaaaaaaaaaaaaaaaaaaaaaaa: `);
    expect(r.stderr).toContain(`deleted before it: ${one}`);
  });

  it('batch-deletes ids of one form in one request; ids of another form delete nothing', async () => {
    const a = await survey();
    const b = await survey();
    const make = async (qrId: string) => (await sb.cli(['submissions', 'create', qrId, '--set', 'Name=A B', '--set', 'Mail=a@b.co', '-q'])).stdout.trim();
    const ids = [await make(a.qrId), await make(a.qrId), await make(a.qrId)];
    const foreign = await make(b.qrId);
    const mixed = await sb.cli(['submissions', 'delete', ids[0]!, foreign, '--form', a.qrId, '--yes']);
    expect(mixed.exitCode).toBe(1);
    expect(mixed.stderr).toMatch(/not found in form/);
    expect(await count(a.qrId)).toBe(3);
    expect(mixed.stderr).toContain(foreign); // named, not just counted
    const since = await lastRequestId();
    const deleted = await sb.cli(['submissions', 'delete', ...ids, '--form', a.qrId, '--yes']);
    expect(deleted.exitCode).toBe(0);
    // as forms delete: a record per id (JSON in a pipe), the ids one a line with -q
    expect(JSON.parse(deleted.stdout)).toEqual(ids.map((id) => ({ id, result: 'deleted' })));
    const log = await requestsSince(since);
    expect(log.map((l) => `${l.method} ${l.path}`)).toEqual([`POST /v1/forms/${a.qrId}/submissions/batch-delete`]);
    expect(await count(a.qrId)).toBe(0);
    expect((await sb.api('GET', `/forms/${a.qrId}`)).body.data.submissions).toBe(0);
  });
});

describe('export', () => {
  it('exports 250 submissions in exactly 3 list requests, CSV in field order, atomically', async () => {
    const f = await survey();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 250 });
    const since = await lastRequestId();
    const out = `${tmp.path}/export.csv`;
    const r = await sb.cli(['submissions', 'export', f.qrId, '--out', out]);
    expect(r.exitCode, r.stderr).toBe(0);
    const log = await requestsSince(since);
    expect(log.filter((l) => l.path.startsWith(`/v1/forms/${f.qrId}/submissions`))).toHaveLength(3);
    expect(log).toHaveLength(3);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('id,createdAt,updatedAt,Name (first name),Name (last name),Mail,Meal,Note');
    expect(lines).toHaveLength(251);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(250);
    expect(r.stderr).toContain('Exported 250 submissions');
    const dates = lines.slice(1).map((l) => l.split(',')[1]!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('writes jsonl and json, keys as headers, oldest first', async () => {
    const f = await survey();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 130 });
    const jsonl = await sb.cli(['submissions', 'export', f.qrId, '--format', 'jsonl', '--order', 'oldest']);
    const rows = jsonl.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(130);
    expect(rows[0].createdAt <= rows[129].createdAt).toBe(true);
    const json = JSON.parse((await sb.cli(['submissions', 'export', f.qrId, '--format', 'json'])).stdout);
    expect(json).toHaveLength(130);
    // --json, as on every verb: the same array
    expect(JSON.parse((await sb.cli(['submissions', 'export', f.qrId, '--json'])).stdout)).toEqual(json);
    const two = await sb.cli(['submissions', 'export', f.qrId, '--json', '--format', 'jsonl']);
    expect([two.exitCode, two.stderr]).toEqual([2, expect.stringMatching(/--json and --format jsonl name two formats/)]);
    const keys = await sb.cli(['submissions', 'export', f.qrId, '--headers', 'key']);
    expect(keys.stdout.split('\n')[0]).toBe(`id,createdAt,updatedAt,${f.keys.Name}.firstName,${f.keys.Name}.lastName,${f.keys.Mail},${f.keys.Meal},${f.keys.Note}`);
  });

  it('with --checkpoint exports only what is new: exactly 7, even sharing the last timestamp', async () => {
    const f = await survey();
    const t = Date.now() - 60_000;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 5, atMs: t - 5000 });
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 3, atMs: t });
    const cp = `${tmp.path}/cp-${f.qrId}.json`;
    const first = await sb.cli(['submissions', 'export', f.qrId, '--format', 'jsonl', '--checkpoint', cp]);
    expect(first.stdout.trim().split('\n')).toHaveLength(8);
    expect(JSON.parse(readFileSync(cp, 'utf8'))).toMatchObject({ qrId: f.qrId, newestCreatedAt: new Date(t).toISOString() });
    // the user's alone, as the export beside it
    expect(statSync(cp).mode & 0o777).toBe(0o600);
    // 7 new: 4 at the very same instant as the checkpoint's newest, 3 later
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 4, atMs: t });
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 3, atMs: t + 10 });
    const second = await sb.cli(['submissions', 'export', f.qrId, '--format', 'jsonl', '--checkpoint', cp]);
    const got = second.stdout.trim().split('\n').map((l) => JSON.parse(l).id);
    const before = new Set(first.stdout.trim().split('\n').map((l) => JSON.parse(l).id));
    expect(got).toHaveLength(7);
    expect(got.filter((id: string) => before.has(id))).toEqual([]);
    // the rows at the checkpoint's own time come again (since is inclusive) and are said to be left out
    expect(second.stderr).toMatch(/Exported 7 submissions in \d+ requests?; 3 met again at the checkpoint's time and left out \(an earlier run exported them\)\./);
    const third = await sb.cli(['submissions', 'export', f.qrId, '--format', 'jsonl', '--checkpoint', cp]);
    expect(third.stdout).toBe('');
  });

  it('leaves no file and keeps the checkpoint when it fails', async () => {
    const f = await survey();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 250 });
    const out = `${tmp.path}/fail.csv`;
    const cp = `${tmp.path}/fail-cp.json`;
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=500,route=GET /forms/${f.qrId}/submissions` });
    try {
      const r = await sb.cli(['submissions', 'export', f.qrId, '--out', out, '--checkpoint', cp, '--retries', '1']);
      expect(r.exitCode).toBe(1);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    const { readdirSync, existsSync } = await import('node:fs');
    expect(existsSync(out)).toBe(false);
    expect(existsSync(cp)).toBe(false);
    expect(readdirSync(tmp.path).filter((n) => n.includes('fail.csv'))).toEqual([]);
  });

  it('leaves no temporary file when the finished file cannot take its name (a directory appeared there meanwhile)', async () => {
    const f = await survey();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 250 });
    const { existsSync, mkdirSync, readdirSync, writeFileSync: write } = await import('node:fs');
    const out = `${tmp.path}/taken.csv`;
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=300,route=GET /forms/${f.qrId}/submissions` });
    try {
      const run = sb.cli(['submissions', 'export', f.qrId, '--out', out]);
      // the temporary file is open: now something else takes the name, as a directory with a file in it
      await waitFor(() => readdirSync(tmp.path).some((n) => n.startsWith('.taken.csv.') && n.endsWith('.part')), 'the temporary file');
      mkdirSync(out);
      write(`${out}/keep`, 'x');
      const r = await run;
      expect(r.exitCode).toBe(1);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    expect(readdirSync(tmp.path).filter((n) => n.includes('taken.csv') && n !== 'taken.csv')).toEqual([]);
    expect(existsSync(`${out}/keep`)).toBe(true);
  });
});

describe('import', () => {
  const csvOf = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n';

  it('dry-run validates every row offline, reports, writes the errors file and sends nothing (exit 3)', async () => {
    const f = await survey();
    const file = `${tmp.path}/dry.csv`;
    writeFileSync(file, csvOf([['Name', 'Mail', 'Meal'], ['Ada Lovelace', 'a@b.co', 'veg'], ['Bob B', 'nope', 'veg'], ['Cy C', 'c@d.co', 'beef']]));
    const errs = `${tmp.path}/dry.err.csv`;
    const before = await sb.requestCount();
    const r = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run', '--errors', errs, '--json']);
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, valid: 1, rejected: 2, created: 0, dryRun: true });
    expect(await sb.requestCount()).toBe(before + 1); // the schema, once
    expect(await count(f.qrId)).toBe(0);
    const err = readFileSync(errs, 'utf8').split('\n');
    expect(err[0]).toBe('Name,Mail,Meal,_row,_errors');
    expect(err[1]).toMatch(/^Bob B,nope,veg,2,.*invalid_email/);
  });

  it('checks rows against the current form, not a stale cached schema', async () => {
    const f = await survey();
    await sb.cli(['submissions', 'schema', f.qrId]); // cached now
    expect((await sb.cli(['forms', 'update', f.qrId, '--add-field', 'phone:Phone*'])).exitCode).toBe(0);
    const file = `${tmp.path}/stale.csv`;
    writeFileSync(file, csvOf([['Name', 'Mail'], ['Ada L', 'a@b.co'], ['Bob B', 'b@b.co']]));
    const since = await lastRequestId();
    const r = await sb.cli(['submissions', 'import', f.qrId, file, '--json']);
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 2, rejected: 2, created: 0 });
    const log = await requestsSince(since);
    expect(log.map((l) => `${l.method} ${l.path}`)).toEqual([`GET /v1/forms/${f.qrId}/submission-schema`]);
  });

  it('the errors file sends again only what did not go through: a fixed rejected row once, a failed row under its first key; a new file with the same answers is new; a file changed in place is said to be new', async () => {
    const f = await survey();
    const file = `${tmp.path}/fix.csv`;
    const errs = `${tmp.path}/fix.err.csv`;
    writeFileSync(file, csvOf([['Name', 'Mail', 'Meal'], ['Ada Lovelace', 'a@b.co', 'veg'], ['Bob B', 'nope', 'veg'], ['Cy C', 'c@d.co', 'fish']]));
    const first = await sb.cli(['submissions', 'import', f.qrId, file, '--errors', errs, '--json']);
    expect([first.exitCode, JSON.parse(first.stdout)]).toEqual([3, expect.objectContaining({ created: 2, rejected: 1 })]);
    // the rejected row fixed in the errors file, which is imported (and removed: nothing left to fix)
    writeFileSync(errs, readFileSync(errs, 'utf8').replace('Bob B,nope', 'Bob B,bob@b.co'));
    const fixed = await sb.cli(['submissions', 'import', f.qrId, errs, '--errors', errs.replace('.csv', '2.csv'), '--json']);
    expect([fixed.exitCode, JSON.parse(fixed.stdout)]).toEqual([0, expect.objectContaining({ created: 1 })]);
    expect(await count(f.qrId)).toBe(3);
    // the file itself changed in place and run again: said to be new before anything is sent
    writeFileSync(file, csvOf([['Name', 'Mail', 'Meal'], ['Ada Lovelace', 'a@b.co', 'veg'], ['Bob B', 'bob@b.co', 'veg'], ['Cy C', 'c@d.co', 'fish']]));
    const changed = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run']);
    expect(changed.stderr).toMatch(/fix\.csv was imported before with other content: .*import that run's --errors file instead/);
    // the errors file may not be the file imported (a clean run removes it)
    const same = await sb.cli(['submissions', 'import', f.qrId, file, '--errors', file]);
    expect([same.exitCode, same.stderr, existsSync(file)]).toEqual([2, expect.stringMatching(/--errors .* is the file being imported/), true]);
    // rows that failed for want of the service carry their key: sent again from the errors file they
    // replay what the service may have created (here: the plain re-run did), never twice
    const g = await survey();
    const both = `${tmp.path}/both.csv`;
    writeFileSync(both, csvOf([['Name', 'Mail', 'Meal'], ['Di D', 'd@e.co', 'veg'], ['Ed E', 'e@f.co', 'fish']]));
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=503,route=POST /forms/${g.qrId}/submissions,count=2` });
    const down = await sb.cli(['submissions', 'import', g.qrId, both, '--errors', errs, '--retries', '0']);
    expect(down.exitCode).toBe(1);
    expect(readFileSync(errs, 'utf8').split('\n')[0]).toBe('Name,Mail,Meal,_row,_errors,_retryable,_key');
    const again = await sb.cli(['submissions', 'import', g.qrId, both, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 2 });
    const fromErrors = await sb.cli(['submissions', 'import', g.qrId, errs, '--json']);
    expect([fromErrors.exitCode, JSON.parse(fromErrors.stdout)]).toEqual([0, expect.objectContaining({ created: 0, alreadyImported: 2 })]);
    expect(await count(g.qrId)).toBe(2);
    // another file with the same answers (next week's scores; a byte-identical file would be the
    // same file to the ledger) is new submissions
    const week2 = `${tmp.path}/week2.csv`;
    writeFileSync(week2, `${readFileSync(both, 'utf8')}\n`);
    expect(JSON.parse((await sb.cli(['submissions', 'import', g.qrId, week2, '--json'])).stdout)).toMatchObject({ created: 2 });
    expect(await count(g.qrId)).toBe(4);
  });

  it('reads files as spreadsheets write them: a European Excel (; BOM CRLF), a trailing separator, empty rows, spaced headers; refuses Latin-1 and a header twice', async () => {
    const f = await survey();
    const file = `${tmp.path}/excel.csv`;
    // Excel in a German or French locale: semicolons, a byte-order mark, CRLF, a quoted line break
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name;Mail;Meal;Note;\r\n"José Müller";jose@example.com;veg;"zwei\r\nZeilen";\r\n;;;;\r\nAnn  Smith;ann@example.com;fish;;\r\n\r\n')]));
    const before = await sb.lastRequestId();
    const ok = await sb.cli(['submissions', 'import', f.qrId, file, '--json']);
    expect([ok.exitCode, JSON.parse(ok.stdout)]).toEqual([0, expect.objectContaining({ rows: 2, created: 2 })]);
    expect((await sb.requestsSince(before)).length).toBe(3); // the schema, two rows
    const got = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items.map((x: any) => x.answers);
    expect(got).toContainEqual(expect.objectContaining({ [f.keys.Name!]: { firstName: 'José', lastName: 'Müller' }, [f.keys.Note!]: 'zwei\r\nZeilen' }));
    // a header typed with a doubled space inside
    const spaced = `${tmp.path}/spaced.csv`;
    const town = await makeForm({ title: 'Towns', fields: [{ type: 'shortText', option: { label: 'Home town', required: true } }] });
    writeFileSync(spaced, ' home  Town ,\nLyon,\n');
    const sp = await sb.cli(['submissions', 'import', town.qrId, spaced, '--dry-run', '--json']);
    expect([sp.exitCode, JSON.parse(sp.stdout)]).toEqual([0, expect.objectContaining({ rows: 1, valid: 1 })]);
    const requests = await sb.lastRequestId();
    // Latin-1 (Windows-1252) bytes: refused, naming the line, before any request
    const latin = `${tmp.path}/latin1.csv`;
    writeFileSync(latin, Buffer.concat([Buffer.from('Name,Mail\nAda L,ada@example.com\nJos'), Buffer.from([0xe9]), Buffer.from(' M'), Buffer.from([0xfc]), Buffer.from('ller,jose@example.com\n')]));
    const l1 = await sb.cli(['submissions', 'import', f.qrId, latin]);
    expect([l1.exitCode, l1.stderr]).toEqual([2, expect.stringMatching(/latin1\.csv: line 3 is not UTF-8 .*iconv -f WINDOWS-1252 -t UTF-8/)]);
    // a header twice, or a label and a key of one field: refused (which would win is no answer)
    const twice = `${tmp.path}/twice.csv`;
    writeFileSync(twice, 'Name,Mail,Mail\nAda L,a@example.com,b@example.com\n');
    const t = await sb.cli(['submissions', 'import', f.qrId, twice, '--dry-run']);
    expect([t.exitCode, t.stderr]).toEqual([2, expect.stringMatching(/column "Mail" is in the header line twice \(columns 2 and 3\)/)]);
    expect(await sb.lastRequestId()).toBe(requests);
    writeFileSync(twice, `Name,Mail,${f.keys.Mail}\nAda L,a@example.com,b@example.com\n`);
    const both = await sb.cli(['submissions', 'import', f.qrId, twice, '--dry-run']);
    expect([both.exitCode, both.stderr]).toEqual([2, expect.stringMatching(new RegExp(`columns "Mail" and "${f.keys.Mail}" are both field Mail`))]);
    // a nameless column that holds a value is refused, not dropped
    writeFileSync(twice, 'Name,Mail,\nAda L,a@example.com,stray\n');
    expect((await sb.cli(['submissions', 'import', f.qrId, twice, '--dry-run'])).stderr).toMatch(/column 3 has no name in the header line, yet row 1 has a value there/);
  });

  it('an export imports as it was answered: the formula guard the export adds comes off again', async () => {
    const f = await survey();
    const answers = { [f.keys.Name!]: { firstName: 'Eve', lastName: '-Evil' }, [f.keys.Mail!]: 'eve@example.com', [f.keys.Note!]: '=HYPERLINK("x")' };
    await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers } });
    const out = `${tmp.path}/roundtrip.csv`;
    expect((await sb.cli(['submissions', 'export', f.qrId, '--out', out])).exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(`'=HYPERLINK`);
    // imported back into the form: the copy says what the original says
    expect((await sb.cli(['submissions', 'import', f.qrId, out])).exitCode).toBe(0);
    const items = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items;
    expect(items).toHaveLength(2);
    for (const it of items) expect(it.answers).toMatchObject(answers);
  });

  it('rows keep the numbers a person counts down the file past skipped empty rows; the errors file keeps the formula guard; a JSON file gets a JSON array back', async () => {
    const f = await survey();
    const file = `${tmp.path}/numbered.csv`;
    // data rows: 1 Ada, 2 an empty row, 3 a blank line, 4 a row of spaces, 5 Bob (a bad e-mail, and a note a spreadsheet would run)
    writeFileSync(file, 'Name,Mail,Note\nAda L,ada@example.com,hi\n,,\n\n  , , \nBob B,nope,"=HYPERLINK(""http://evil.example"",""x"")"\n');
    const errs = `${tmp.path}/numbered-errors.csv`;
    const before = await sb.lastRequestId();
    const r = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run', '--errors', errs]);
    expect([r.exitCode, r.stderr]).toEqual([3, expect.stringMatching(/^row 5: Mail/m)]);
    expect(r.stderr).toContain('1 of 2 rows valid');
    // -o json is --json, as for sync; the two saying different things is exit 2 (the shared output-flag check)
    const summary = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run', '-o', 'json']);
    expect(JSON.parse(summary.stdout)).toMatchObject({ rows: 2, rejected: 1, dryRun: true });
    const both = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run', '--json', '-o', 'text']);
    expect([both.exitCode, both.stderr]).toEqual([2, expect.stringContaining('--json is -o json, and -o says text: give one of them')]);
    // as JSON: found locally, so code 0 and no httpStatus (scripting-and-ci.md, "Errors as JSON")
    const asJson = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run'], { env: { FORMCTL_ERROR_FORMAT: 'json' } });
    const failure = JSON.parse(asJson.stderr.trim().split('\n').pop()!);
    expect([failure.code, failure.exitCode, 'httpStatus' in failure]).toEqual([0, 3, false]);
    const lines = readFileSync(errs, 'utf8').split('\n');
    expect(lines[0]).toBe('Name,Mail,Note,_row,_errors');
    // the cell as the export writes it: a leading ' so the spreadsheet it is fixed in does not run it
    expect(lines[1]).toMatch(/^Bob B,nope,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",5,/);
    // fixed in place, it imports as answered (the guard comes off again)
    writeFileSync(errs, readFileSync(errs, 'utf8').replace('Bob B,nope', 'Bob B,bob@example.com'));
    const fixed = await sb.cli(['submissions', 'import', f.qrId, errs, '--json']);
    expect([fixed.exitCode, JSON.parse(fixed.stdout)]).toEqual([0, expect.objectContaining({ rows: 1, created: 1 })]);
    const got = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items;
    expect(got.map((x: any) => x.answers[f.keys.Note!])).toEqual(['=HYPERLINK("http://evil.example","x")']);
    // a row with a cell too many is named by the same number
    writeFileSync(file, 'Name,Mail\nAda L,ada@example.com\n\nBob B,bob@example.com,extra\n');
    const wide = await sb.cli(['submissions', 'import', f.qrId, file, '--dry-run']);
    expect([wide.exitCode, wide.stderr]).toEqual([2, expect.stringContaining('numbered.csv: row 3 has 3 cells where the header line has 2')]);
    // JSON in, a JSON array out, which imports again as it is
    const json = `${tmp.path}/rows.json`;
    writeFileSync(json, JSON.stringify([{ Name: 'Cy D', Mail: 'cy@example.com' }, { Name: 'Di E', Mail: 'nope' }]));
    const jerrs = `${tmp.path}/rows-errors.json`;
    expect((await sb.cli(['submissions', 'import', f.qrId, json, '--dry-run', '--errors', jerrs])).exitCode).toBe(3);
    expect(JSON.parse(readFileSync(jerrs, 'utf8'))).toEqual([expect.objectContaining({ Name: 'Di E', Mail: 'nope', _row: 2, _retryable: false })]);
    const again = await sb.cli(['submissions', 'import', f.qrId, jerrs, '--dry-run']);
    expect([again.exitCode, again.stderr]).toEqual([3, expect.stringMatching(/^row 1: Mail/m)]);
    // one request in all: the fixed row (each run's fresh schema besides)
    expect((await sb.requestsSince(before)).filter((q: any) => q.method === 'POST')).toHaveLength(1);
  });

  it('imports, and a second run replays instead of duplicating', async () => {
    const f = await survey();
    const file = `${tmp.path}/twice.csv`;
    writeFileSync(file, csvOf([['Name (first name)', 'Name (last name)', 'Mail', 'Note'], ...Array.from({ length: 25 }, (_, i) => [`F${i}`, `L${i}`, `u${i}@x.co`, `row ${i}`])]));
    const a = JSON.parse((await sb.cli(['submissions', 'import', f.qrId, file, '--json'])).stdout);
    expect(a).toMatchObject({ rows: 25, created: 25, replayed: 0, rejected: 0 });
    // issue 8: a second run sends nothing (the local ledger knows all 25 were acknowledged)…
    const before = await lastRequestId();
    const again = JSON.parse((await sb.cli(['submissions', 'import', f.qrId, file, '--json'])).stdout);
    expect(again).toMatchObject({ created: 0, replayed: 0, alreadyImported: 25 });
    expect(await lastRequestId()).toBe(before);
    // …and with --force-replay every row goes to the service, which replays it
    const b = JSON.parse((await sb.cli(['submissions', 'import', f.qrId, file, '--json', '--force-replay'])).stdout);
    expect(b).toMatchObject({ created: 0, replayed: 25 });
    expect(await count(f.qrId)).toBe(25);
  });

});

describe('resilience: 20% of requests fail with 5xx, 429 or dropped connections', () => {
  it('export and import still complete, nothing lost, nothing duplicated', async () => {
    const f = await survey();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: f.qrId, count: 450 });
    const file = `${tmp.path}/faulty.jsonl`;
    writeFileSync(file, Array.from({ length: 120 }, (_, i) => JSON.stringify({ Name: `Q ${i}`, Mail: `q${i}@x.co`, Note: `faulty-${i}` })).join('\n'));
    await sb.cli(['submissions', 'schema', f.qrId]);
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'rate=0.2,kinds=500+503+429+drop+drop-after,retry-after=0,seed=5' });
    try {
      const imp = await sb.cli(['submissions', 'import', f.qrId, file, '--concurrency', '4', '--retries', '10', '--json']);
      expect(imp.exitCode, imp.stderr).toBe(0);
      const summary = JSON.parse(imp.stdout);
      expect(summary.created + summary.replayed).toBe(120);
      const out = `${tmp.path}/faulty-export.jsonl`;
      const exp = await sb.cli(['submissions', 'export', f.qrId, '--format', 'jsonl', '--out', out, '--retries', '10']);
      expect(exp.exitCode, exp.stderr).toBe(0);
      const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(rows).toHaveLength(570);
      expect(new Set(rows.map((r) => r.id)).size).toBe(570);
      const imported = rows.filter((r) => String(r.answers[f.keys.Note!] ?? '').startsWith('faulty-'));
      expect(new Set(imported.map((r) => r.answers[f.keys.Note!])).size).toBe(120);
      expect(imported).toHaveLength(120);
      const log = await sb.requestsSince(0);
      expect(log.filter((l) => l.fault === 'drop-after').length).toBeGreaterThan(0);
    } finally {
      await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    }
  });
});
