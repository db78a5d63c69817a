import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/domain/limits.js';
import { PNG } from '../helpers/fixtures.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// The form page's rules without a browser (the browser test fills it for real): files under the
// upload rules, the submission quota, the time limit, and what a submit leaves behind.
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

async function newForm(body: Record<string, unknown>): Promise<{ qrId: string; shortUrl: string; fields: Array<{ key: string }> }> {
  const r = await sb.api('POST', '/forms', { body: { title: 'Page', shortText: 'x', ...body } });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** GET the page, then POST it back with these fields and files, as a browser would. */
async function submit(shortUrl: string, fields: Record<string, string>, files: Record<string, { bytes: Buffer; name: string }> = {}, beforePost?: () => Promise<void>) {
  const page = await (await fetch(shortUrl)).text();
  const scan = /name="_scan" value="(\d+)"/.exec(page)![1]!;
  await beforePost?.();
  const form = new FormData();
  form.set('_scan', scan);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([f.bytes]), f.name);
  const res = await fetch(shortUrl, { method: 'POST', body: form });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

describe('the form page', () => {
  it('refuses a file of a type submissions do not take, and one over 20 MB, beside its field', async () => {
    const f = await newForm({ fields: [{ type: 'picture', option: { label: 'Photo' } }, { type: 'document', option: { label: 'CV' } }] });
    const [photo, cv] = f.fields.map((x) => x.key);
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(200, 0)]);
    const r = await submit(f.shortUrl, {}, { [photo!]: { bytes: exe, name: 'setup.exe' }, [cv!]: { bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 10, 0x41), name: 'big.txt' } });
    expect(r.status).toBe(400);
    expect(r.html).toMatch(new RegExp(`data-key="${photo}"[^]*?setup.exe: this type of file is not accepted.`));
    expect(r.html).toMatch(new RegExp(`data-key="${cv}"[^]*?big.txt: the file is larger than 20 MB.`));
    // nothing refused is kept for the retry
    expect(r.html).not.toContain('name="_pending"');
    expect((await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.total).toBe(0);
  });

  it('a one-file field sent several files keeps the one its answer names; the others leave nothing behind', async () => {
    const f = await newForm({ fields: [{ type: 'shortText', option: { label: 'Note', required: true } }, { type: 'signature', option: { label: 'Sign' } }, { type: 'picture', option: { label: 'Photos' } }] });
    const [note, sign, photos] = f.fields.map((x) => x.key);
    const onDisk = () => (existsSync(join(sb.dataDir, 'files')) ? readdirSync(join(sb.dataDir, 'files')).length : 0);
    const before = onDisk();
    // a crafted post (what no browser's single-file input sends), within the ten files two inputs may carry
    const page = await (await fetch(f.shortUrl)).text();
    const form = new FormData();
    form.set('_scan', /name="_scan" value="(\d+)"/.exec(page)![1]!);
    form.set(note!, 'hi');
    for (let i = 0; i < 4; i++) form.append(sign!, new Blob([PNG]), `sig${i}.png`);
    for (let i = 0; i < 6; i++) form.append(photos!, new Blob([PNG]), `photo${i}.png`);
    const res = await fetch(f.shortUrl, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status, (await res.clone().text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 600)).toBe(303);
    const [sub] = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items;
    expect(sub.answers[sign!]).toEqual(expect.objectContaining({ fileId: expect.any(String) }));
    // picture is a several-file answer: at most what one input carries (five)
    expect(sub.answers[photos!]).toHaveLength(5);
    // on disk: the six files the submission names, nothing waiting unclaimed
    expect(onDisk() - before).toBe(6);
    expect(sb.sandbox.store.files.ofFormAll(f.qrId).map((x) => x.category)).toEqual(Array(6).fill('submission'));
  });

  it('answers HEAD where it answers GET (link checkers ask it), a short link without recording a visit', async () => {
    const f = await newForm({ fields: [{ type: 'shortText', option: { label: 'Note' } }] });
    const head = (url: string) => fetch(url, { method: 'HEAD' });
    const page = await head(f.shortUrl);
    expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([200, 'text/html; charset=utf-8', '']);
    expect(page.headers.get('content-security-policy')).toBeTruthy();
    expect(sb.sandbox.store.scans.firstAt(f.qrId)).toBeUndefined();
    const image = await head(`${sb.origin}/qr/${f.qrId}.png`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await head(`${sb.origin}/s/NOSUCH12`)).status).toBe(404);
    // a GET is the visit
    await (await fetch(f.shortUrl)).text();
    expect(sb.sandbox.store.scans.firstAt(f.qrId)).toEqual(expect.any(Number));
  });

  it('shares the upload throttle with the API: over it, a 429 page with Retry-After and nothing kept', async () => {
    const f = await newForm({ fields: [{ type: 'picture', option: { label: 'Photo' } }] });
    const upload = async () => {
      const form = new FormData();
      form.set('category', 'submission');
      form.set('userFile', new Blob([PNG], { type: 'image/png' }), 'dot.png');
      return (await fetch(`${sb.baseUrl}/forms/${f.qrId}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}` }, body: form })).status;
    };
    for (let i = 0; i < 200; i++) expect(await upload()).toBe(200);
    const r = await submit(f.shortUrl, {}, { [f.fields[0]!.key]: { bytes: PNG, name: 'me.png' } });
    expect(r.status).toBe(429);
    expect(r.html).toContain('Too many requests. Please try again later.');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.total).toBe(0);
  });

  it('applies the monthly submission quota as the API does', async () => {
    const f = await newForm({ fields: [{ type: 'shortText', option: { label: 'Note' } }] });
    await sb.admin('PUT', '/_sandbox/account', { submissionQuota: 0 });
    try {
      const r = await submit(f.shortUrl, { [f.fields[0]!.key]: 'hello' });
      expect(r.status).toBe(400);
      // the API's words stay the API's; the page tells a visitor in its own
      expect(r.html).toContain('This form cannot take more responses at the moment.');
      expect((await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: {} } })).body.message).toBe('Your current plan does not support this action. Please upgrade your plan.');
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { submissionQuota: null });
    }
  });

  it('a quiz submitted after its time limit is stored with timeExpired and shows the time-up message', async () => {
    const f = await newForm({
      isQuiz: true, quizConfig: { enableTimeLimit: true, timeLimit: 60, timeUpMessage: 'Too slow!' },
      fields: [{ type: 'shortText', option: { label: 'Capital of Japan?' }, quizConfig: { points: 1, correctAnswers: ['Tokyo'] } }],
    });
    const r = await submit(f.shortUrl, { [f.fields[0]!.key]: 'Tokyo' }, {}, async () => {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 120 });
    });
    expect(r.status).toBe(200);
    expect(r.html).toContain('Too slow!');
    const stored = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items[0];
    expect(stored.quizData.passed).toBe(true);
    const raw = sb.sandbox.store.submissions.find(stored.id, sb.sandbox.store.forms.find(f.qrId)!.account_id)!;
    expect([raw.time_expired, raw.time_spent! >= 120]).toEqual([1, true]);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -120 });
  });

  it('times a quiz from the visit the server recorded, never from a time the visitor sends', async () => {
    const f = await newForm({
      isQuiz: true, quizConfig: { enableTimeLimit: true, timeLimit: 60, timeUpMessage: 'Too slow!' },
      fields: [{ type: 'shortText', option: { label: 'Capital of Japan?' }, quizConfig: { points: 1, correctAnswers: ['Tokyo'] } }],
    });
    // a forged start time in the far past or future changes nothing: the page was served just now
    const r = await submit(f.shortUrl, { [f.fields[0]!.key]: 'Tokyo', _started: '0' });
    expect(r.status).toBe(200);
    expect(r.html).not.toContain('Too slow!');
    const stored = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items[0];
    const raw = sb.sandbox.store.submissions.find(stored.id, sb.sandbox.store.forms.find(f.qrId)!.account_id)!;
    expect([raw.time_expired, raw.time_spent! < 60]).toEqual([0, true]);
  });

  it('a timed quiz keeps its clock on the server: no visit, no attempt; opening the page again does not restart it; one visit, one submission', async () => {
    const f = await newForm({
      isQuiz: true, quizConfig: { enableTimeLimit: true, timeLimit: 60, timeUpMessage: 'Too slow!' },
      fields: [{ type: 'shortText', option: { label: 'Capital of Japan?' }, quizConfig: { points: 1, correctAnswers: ['Tokyo'] } }],
    });
    const key = f.fields[0]!.key;
    const count = async () => (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.total as number;
    // a post that names no visit (or a forged one) starts no attempt: the page again, a clock of its own
    const bare = new FormData();
    bare.set(key, 'Tokyo');
    bare.set('_scan', '999999');
    const refused = await fetch(f.shortUrl, { method: 'POST', body: bare });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This quiz attempt cannot be submitted: open the form again to start the quiz.');
    expect(await count()).toBe(0);
    // the page opened, then opened again after the limit: the first visit's clock still runs
    await fetch(f.shortUrl).then((r) => r.text());
    const late = await submit(f.shortUrl, { [key]: 'Tokyo' }, {}, async () => void (await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 40 })));
    expect(late.status).toBe(200);
    expect(late.html).not.toContain('Too slow!');
    // a new attempt after that submission: opened, then opened again 50 s and 70 s later
    await fetch(f.shortUrl).then((r) => r.text());
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 50 });
    const slow = await submit(f.shortUrl, { [key]: 'Tokyo' }, {}, async () => void (await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 20 })));
    expect(slow.html).toContain('Too slow!');
    expect(await count()).toBe(2);
    // one visit, one submission: the same visit posted again is refused
    const page = await (await fetch(f.shortUrl)).text();
    const scan = /name="_scan" value="(\d+)"/.exec(page)![1]!;
    const post = () => {
      const form = new FormData();
      form.set('_scan', scan);
      form.set(key, 'Tokyo');
      return fetch(f.shortUrl, { method: 'POST', body: form, redirect: 'manual' });
    };
    expect((await post()).status).toBe(303);
    const twice = await post();
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain('This quiz attempt cannot be submitted');
    expect(await count()).toBe(3);
  });

  it('escapes what people type when the page comes back with errors', async () => {
    const f = await newForm({ fields: [{ type: 'email', option: { label: 'Mail', required: true } }, { type: 'shortText', option: { label: 'Note' } }] });
    const [mail, note] = f.fields.map((x) => x.key);
    const r = await submit(f.shortUrl, { [mail!]: '', [note!]: '"><script>alert(1)</script>' });
    expect(r.status).toBe(400);
    expect(r.html).not.toContain('<script>alert(1)</script>');
    expect(r.html).toContain('&#34;&#62;&#60;script&#62;');
  });
});
