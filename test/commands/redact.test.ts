import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactAnswers, redactQuizData, redactor, submissionRedaction } from '../../src/domain/redact.js';
import { openSqlite } from '../../src/sandbox/repo/sqlite.js';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';
import { runInProcess } from '../helpers/inProcessCli.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const FIELDS = [
  { key: 'n', type: 'name', option: {} }, { key: 'e', type: 'email', option: {} }, { key: 'p', type: 'phone', option: {} },
  { key: 'a', type: 'address', option: {} }, { key: 't', type: 'longText', option: {} }, { key: 'r', type: 'radio', option: { options: [{ name: 'Yes', value: 'yes' }, { name: 'No', value: 'no' }] } }, { key: 'f', type: 'picture', option: {} },
] as const;

describe('--redact (stable pseudonyms)', () => {
  it('replaces people by field type, the same value by the same pseudonym; free text stays unless --redact-text', () => {
    const r = redactor('secret', false);
    const answers = { n: { firstName: 'Ada', lastName: 'Lovelace' }, e: 'Ada@Example.com', p: '+44 20 7946 0000', a: { addressLine: '1 Main St', city: 'London', country: 'UK' }, t: 'call me', r: 'yes', f: [{ fileId: 'abc', fileUrl: 'http://x/files/abc' }] };
    const out = redactAnswers([...FIELDS] as never, answers, r);
    expect(out.e).toMatch(/^email_[0-9a-f]{12}@redacted\.invalid$/);
    expect(out.n).toEqual({ firstName: expect.stringMatching(/^first_/), lastName: expect.stringMatching(/^last_/) });
    expect(out.a).toMatchObject({ addressLine: expect.stringMatching(/^addressLine_/), city: expect.stringMatching(/^city_/), country: 'UK' });
    expect(out.f).toEqual([{ fileId: expect.stringMatching(/^file_/), fileUrl: expect.stringMatching(/^redacted:file_/) }]);
    expect([out.t, out.r]).toEqual(['call me', 'yes']);
    expect(JSON.stringify(out)).not.toMatch(/Ada|Lovelace|Main St|7946|abc/);
    // stable across runs (same secret), case-insensitive for e-mails; another secret, another pseudonym
    expect(redactAnswers([...FIELDS] as never, { e: 'ada@example.com' }, redactor('secret', false)).e).toBe(out.e);
    expect(redactAnswers([...FIELDS] as never, { e: 'ada@example.com' }, redactor('other', false)).e).not.toBe(out.e);
    expect(redactAnswers([...FIELDS] as never, answers, redactor('secret', true)).t).toBeNull();
  });

  it('fails closed: a value it cannot classify is pseudonymised (or dropped with --redact-text), never passed through', () => {
    const answers = { gone: 'ada@example.com', gone2: { street: '1 Main St', n: 'Flat 9Z' }, e: ['ada@example.com'], a: { addressLine: 'x', flat: '4B', country: 'UK' }, n: 'Ada Lovelace' };
    const out = redactAnswers([...FIELDS] as never, answers, redactor('secret', false));
    expect(JSON.stringify(out)).not.toMatch(/ada@|Main St|Flat 9Z|4B|Lovelace/);
    expect(out.gone).toMatch(/^value_[0-9a-f]{12}$/);
    expect((out.a as Record<string, unknown>).country).toBe('UK');
    const dropped = redactAnswers([...FIELDS] as never, answers, redactor('secret', true));
    expect([dropped.gone, (dropped.gone2 as Record<string, unknown>).street]).toEqual([null, null]);
  });

  it('fails closed on what a response carries beside a submission\'s own fields: left out, never passed through (list, get, export, watch and sync share it)', () => {
    const redact = submissionRedaction({ secret: 'secret', dropText: false });
    const s = { id: 'a1', qrId: 'QR', answers: { e: 'ada@example.com' }, createdAt: 'c', updatedAt: 'u', respondent: { email: 'ada@example.com', ip: '203.0.113.9' } };
    const out = redact(s, [...FIELDS] as never) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['id', 'qrId', 'answers', 'createdAt', 'updatedAt']);
    expect(JSON.stringify(out)).not.toMatch(/ada@|203\.0\.113/);
  });

  it('fails closed on a kept type too: a value not of the shape its field type holds (the field changed type) is pseudonymised', () => {
    const kept = [
      { key: 'num', type: 'number', option: {} }, { key: 'day', type: 'calendar', option: {} }, { key: 'at', type: 'time', option: {} },
      { key: 'pick', type: 'radio', option: { options: [{ value: 'a' }] } }, { key: 'open', type: 'radio', option: {} },
      { key: 'boxes', type: 'checkbox', option: { options: [{ value: 'a' }] } }, { key: 'sex', type: 'gender', option: {} },
      { key: 'venue', type: 'multipleLevelSelect', option: { options: [{ name: 'Europe', value: 'Europe', options: [{ name: 'Paris', value: 'Paris' }] }] } },
      { key: 'rows', type: 'checkList', option: { rowLabels: ['Tidy'] } }, { key: 'note', type: 'shortText', option: {} }, { key: 'head', type: 'title', option: {} },
    ];
    const leaked = {
      num: 'bob@example.com', day: 'Bob Smith 12', at: { firstName: 'Bob' }, pick: 'bob@example.com', open: 'Bob Smith', boxes: ['Bob Smith'],
      sex: 'Bob Smith', venue: 'Bob Smith', rows: [{ itemName: 'Bob Smith', selectedValue: '_d1' }], note: { firstName: 'Bob', lastName: 'Smith' }, head: 'Bob Smith',
    };
    const out = redactAnswers(kept as never, leaked, redactor('secret', false));
    expect(JSON.stringify(out)).not.toMatch(/Bob|Smith|example/);
    expect(out.num).toMatch(/^value_[0-9a-f]{12}$/);
    expect(Object.values(redactAnswers(kept as never, leaked, redactor('secret', true))).flat().every((v) => v === null || (typeof v === 'object' && Object.values(v as object).every((x) => x === null)))).toBe(true);
    // values of their own shape are still kept as they are
    const fine = { num: '-3.5', day: '2026-06-15', at: '09:30', pick: 'a', boxes: ['a'], sex: 'female', venue: 'Europe / Paris', rows: [{ itemName: 'Tidy', selectedValue: '_d2' }], note: 'hello' };
    expect(redactAnswers(kept as never, fine, redactor('secret', false))).toEqual(fine);
  });

  it('an answer whose field changed type since (email → number) is not printed in clear by list --redact', async () => {
    const form = (await sb.api('POST', '/forms', { body: { title: 'Retyped', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data;
    const key = form.fields[0].key;
    await sb.api('POST', `/forms/${form.qrId}/submissions`, { body: { answers: { [key]: 'bob@example.com' } } });
    expect((await sb.api('PUT', `/forms/${form.qrId}`, { body: { fields: [{ key, type: 'number', option: { label: 'Mail' } }] } })).status).toBe(200);
    const r = await sb.cli(['submissions', 'list', form.qrId, '-o', 'json', '--redact']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)[0].answers[key]).toMatch(/^value_[0-9a-f]{12}$/);
    expect(r.stdout).not.toContain('bob@');
  });

  it('a response without its form (spec §4.4 says it has one): every answer is redacted as unknown by list, get, export and sync, nothing crashes', async () => {
    const sub = { id: 'a'.repeat(24), qrId: 'ABCDEFGH', answers: { f1: 'alice@example.com', f2: { firstName: 'Alice' } }, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    // a stub service on loopback that answers like the real one but leaves the top-level form out
    const stub = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url!.startsWith('/v1/submissions/')) return res.end(JSON.stringify({ status: 'success', data: sub }));
      if (req.url!.startsWith('/v1/forms/ABCDEFGH/submissions')) return res.end(JSON.stringify({ status: 'success', data: { items: [sub], total: 1, page: 1, pageSize: 100, totalPages: 1 } }));
      res.statusCode = 404;
      res.end(JSON.stringify({ status: 'failed', message: 'Not found', code: 404, data: {} }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const env = { FORMCTL_CONFIG_DIR: `${tmp.path}/stubcfg`, FORMCTL_BASE_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`, FORMCTL_API_KEY: 'stub-key' };
    try {
      const runs = [
        await runInProcess(['submissions', 'list', 'ABCDEFGH', '-o', 'json', '--redact'], { env }),
        await runInProcess(['submissions', 'get', sub.id, '-o', 'json', '--redact'], { env }),
        await runInProcess(['submissions', 'list', 'ABCDEFGH', '--all', '-o', 'csv', '--redact'], { env }),
        await runInProcess(['submissions', 'export', 'ABCDEFGH', '-o', 'jsonl', '--out', `${tmp.path}/stub.jsonl`, '--redact'], { env }),
        await runInProcess(['submissions', 'export', 'ABCDEFGH', '--out', `${tmp.path}/stub.csv`, '--redact'], { env }),
        await runInProcess(['submissions', 'sync', 'ABCDEFGH', '--to', `sqlite:${tmp.path}/stub.db`, '--redact'], { env }),
      ];
      for (const r of runs) expect({ code: r.exitCode, err: r.stderr }).toMatchObject({ code: 0, err: expect.not.stringMatching(/TypeError|at .*\.js/) });
      expect(JSON.parse(runs[0]!.stdout)[0].answers).toEqual({ f1: expect.stringMatching(/^value_/), f2: { firstName: expect.stringMatching(/^value_/) } });
      expect(runs[3]!.stderr).toMatch(/no form definition/);
      const d = openSqlite(`${tmp.path}/stub.db`, { readonly: true });
      const stored = JSON.stringify(d.prepare('SELECT * FROM submissions').all());
      d.close();
      expect(stored).toContain(sub.id);
      for (const o of [...runs.map((r) => r.stdout), readFileSync(`${tmp.path}/stub.jsonl`, 'utf8'), readFileSync(`${tmp.path}/stub.csv`, 'utf8'), stored]) expect(o).not.toMatch(/alice|Alice/);
    } finally {
      await new Promise((resolve) => stub.close(resolve));
    }
  });

  it('--redact-text drops what people typed from quizData.quizResult[].answer too', () => {
    const quiz = { points: 1, quizResult: [{ question: 'Capital?', answer: 'my secret note', correct: false }] };
    expect(redactQuizData(quiz, redactor('s', true))).toEqual({ points: 1, quizResult: [{ question: 'Capital?', answer: null, correct: false }] });
    expect(redactQuizData(quiz, redactor('s', false))).toBe(quiz);
  });

  it('answers under a field removed after people answered it are not printed in clear by list, get, export or sync', async () => {
    const form = (await sb.api('POST', '/forms', { body: { title: 'Gone', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Team' } }, { type: 'email', option: { label: 'Mail' } }] } })).body.data;
    const [team, mail] = form.fields.map((f: any) => f.key);
    const sid = (await sb.api('POST', `/forms/${form.qrId}/submissions`, { body: { answers: { [team]: 'blue', [mail]: 'hidden.person@example.org' } } })).body.data.submissionId;
    const put = await sb.api('PUT', `/forms/${form.qrId}`, { body: { fields: [{ key: team, type: 'shortText', option: { label: 'Team' } }] } });
    expect(put.body.data.fields.map((f: any) => f.key)).toEqual([team]);
    const outputs = [
      (await sb.cli(['submissions', 'list', form.qrId, '--json', '--redact'])).stdout,
      (await sb.cli(['submissions', 'get', sid, '--json', '--redact'])).stdout,
    ];
    const out = `${tmp.path}/gone.csv`;
    await sb.cli(['submissions', 'export', form.qrId, '-o', 'jsonl', '--out', out, '--redact']);
    outputs.push(readFileSync(out, 'utf8'));
    const db = `${tmp.path}/gone.db`;
    await sb.cli(['submissions', 'sync', form.qrId, '--to', `sqlite:${db}`, '--redact']);
    const d = openSqlite(db, { readonly: true });
    outputs.push(JSON.stringify(d.prepare('SELECT * FROM submissions').all()));
    d.close();
    for (const o of outputs) {
      expect(o).toContain('blue');
      expect(o).not.toContain('hidden.person');
    }
  });

  it('applies to list, get, export, sync and watch with the secret of the profile', async () => {
    const form = (await sb.api('POST', '/forms', { body: { title: 'R', shortText: 'x', fields: [{ type: 'name', option: { label: 'Name' } }, { type: 'email', option: { label: 'Mail' } }, { type: 'longText', option: { label: 'Note' } }] } })).body.data;
    const [n, e, t] = form.fields.map((f: any) => f.key);
    const sid = (await sb.api('POST', `/forms/${form.qrId}/submissions`, { body: { answers: { [n]: { firstName: 'Grace', lastName: 'Hopper' }, [e]: 'grace@navy.mil', [t]: 'secret plans' } } })).body.data.submissionId;
    const list = JSON.parse((await sb.cli(['submissions', 'list', form.qrId, '--json', '--redact'])).stdout);
    const got = JSON.parse((await sb.cli(['submissions', 'get', sid, '--json', '--redact', '--redact-text'])).stdout);
    expect(list[0].answers[e]).toMatch(/@redacted\.invalid$/);
    expect(got.answers[e]).toBe(list[0].answers[e]);
    expect([list[0].answers[t], got.answers[t]]).toEqual(['secret plans', null]);
    const out = `${tmp.path}/r.csv`;
    await sb.cli(['submissions', 'export', form.qrId, '--out', out, '--redact']);
    const csv = readFileSync(out, 'utf8');
    expect(csv).not.toMatch(/Grace|Hopper|grace@navy\.mil/);
    expect(csv).toContain(list[0].answers[e]);
    const db = `${tmp.path}/r.db`;
    await sb.cli(['submissions', 'sync', form.qrId, '--to', `sqlite:${db}`, '--redact']);
    const d = openSqlite(db, { readonly: true });
    expect(JSON.stringify(d.prepare('SELECT * FROM submissions').all())).not.toMatch(/Grace|grace@navy/);
    d.close();
    for (const verb of ['list', 'export', 'sync', 'watch']) expect((await sb.cli(['submissions', verb, '--help'])).stdout).toContain('--redact');
  });
});
