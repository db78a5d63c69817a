import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, rawUpload } from '../helpers/fixtures.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// The form page as a visitor's browser meets it, without a browser: Post/Redirect/Get, the files kept
// for a retry (and for no one else), the page's words in the form's locale, autofill tokens, and the
// quiz result by option name. The browser test fills the same page in Chromium.
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

interface Field {
  key: string;
  type: string;
}

async function newForm(body: Record<string, unknown>): Promise<{ qrId: string; shortUrl: string; fields: Field[] }> {
  const r = await sb.api('POST', '/forms', { body: { title: 'Page', shortText: 'x', ...body } });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** A visitor: its own cookie, so two visitors from one address are two visitors. */
function visitor(id: string) {
  const cookie = `formctl_visitor=${id}`;
  return {
    async open(url: string) {
      const res = await fetch(url, { headers: { cookie } });
      return { status: res.status, html: await res.text() };
    },
    /** POST the page as a browser would, redirects not followed */
    async post(url: string, fields: Array<[string, string]>, files: Array<[string, Buffer, string]> = []) {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      for (const [k, bytes, name] of files) form.append(k, new Blob([bytes]), name);
      const res = await fetch(url, { method: 'POST', body: form, headers: { cookie }, redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
  };
}

const fileRow = (fileId: string) => sb.sandbox.store.files.get(fileId);
const onDisk = (fileId: string) => existsSync(join(sb.dataDir, 'files', fileId));
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const total = async (qrId: string) => (await sb.api('GET', `/forms/${qrId}/submissions`)).body.data.total as number;

describe('Post/Redirect/Get', () => {
  it('answers a good submit with 303 to a thank-you address; reloading it shows the page again and creates nothing', async () => {
    const f = await newForm({ fields: [{ type: 'shortText', option: { label: 'Note', required: true } }] });
    const ada = visitor('a1a1a1a1a1a1a1a1');
    const page = await ada.open(f.shortUrl);
    const r = await ada.post(f.shortUrl, [['_scan', hidden(page.html, '_scan')!], [f.fields[0]!.key, 'hello']]);
    expect(r.status).toBe(303);
    expect(r.location).toMatch(new RegExp(`^/s/${f.qrId}/thanks\\?r=[A-Za-z0-9_-]{24}$`));
    const id = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items[0].id;
    for (let i = 0; i < 3; i++) {
      const thanks = await ada.open(`${sb.origin}${r.location}`);
      expect(thanks.status).toBe(200);
      expect(thanks.html).toContain('<h1>Thank you!</h1>');
      expect(thanks.html).toContain(`<code>${id}</code>`);
    }
    expect(await total(f.qrId)).toBe(1);
    // the address names no one else's response: another visitor sees a plain thank-you
    const other = await visitor('b2b2b2b2b2b2b2b2').open(`${sb.origin}${r.location}`);
    expect(other.html).toContain('Thank you!');
    expect(other.html).not.toContain(id);
    // and it takes no post
    expect((await ada.post(`${sb.origin}${r.location}`, [[f.fields[0]!.key, 'again']])).status).toBe(404);
    expect(await total(f.qrId)).toBe(1);
  });
});

describe('files chosen before an invalid submit', () => {
  const fields = [{ type: 'email', option: { label: 'Mail', required: true } }, { type: 'picture', option: { label: 'Photo', required: true } }, { type: 'signature', option: { label: 'Signature' } }];

  async function failedTry(who: ReturnType<typeof visitor>, f: { shortUrl: string; fields: Field[] }) {
    const [mail, photo] = f.fields.map((x) => x.key);
    const r = await who.post(f.shortUrl, [[mail!, 'not-an-address']], [[photo!, PNG, 'me.png']]);
    expect(r.status).toBe(400);
    const token = hidden(r.html, '_pending')!;
    const fileId = new RegExp(`name="_keep" value="([0-9a-f]{24})" checked> me.png`).exec(r.html)?.[1];
    expect([token, fileId]).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), expect.any(String)]);
    return { token, fileId: fileId!, mail: mail!, photo: photo! };
  }

  it('are kept under a token, named on the page, and sent with the retry', async () => {
    const f = await newForm({ fields });
    const ada = visitor('c3c3c3c3c3c3c3c3');
    const t = await failedTry(ada, f);
    expect(onDisk(t.fileId)).toBe(true);
    const ok = await ada.post(f.shortUrl, [[t.mail, 'ada@example.com'], ['_pending', t.token], ['_keep', t.fileId]]);
    expect(ok.status).toBe(303);
    const answers = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items[0].answers;
    expect(answers[t.photo]).toEqual([expect.objectContaining({ fileId: t.fileId })]);
    expect(Buffer.from(await (await fetch(answers[t.photo][0].fileUrl)).arrayBuffer())).toEqual(PNG);
    // used once: the token claims nothing any more
    const replay = await ada.post(f.shortUrl, [[t.mail, 'ada@example.com'], ['_pending', t.token], ['_keep', t.fileId]]);
    expect(replay.status).toBe(400);
    expect(replay.html).toContain('Photo: an answer is required.');
    expect(await total(f.qrId)).toBe(1);
  });

  it("are not claimed by another visitor, nor on another form, and stay their owner's", async () => {
    const f = await newForm({ fields });
    const g = await newForm({ fields });
    const ada = visitor('d4d4d4d4d4d4d4d4');
    const t = await failedTry(ada, f);
    const eve = visitor('e5e5e5e5e5e5e5e5');
    const stolen = await eve.post(f.shortUrl, [[t.mail, 'eve@example.com'], ['_pending', t.token], ['_keep', t.fileId]]);
    expect(stolen.status).toBe(400);
    expect(stolen.html).not.toContain('me.png');
    const elsewhere = await ada.post(g.shortUrl, [[g.fields[0]!.key, 'ada@example.com'], ['_pending', t.token], ['_keep', t.fileId]]);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.html).not.toContain('me.png');
    expect([await total(f.qrId), await total(g.qrId)]).toEqual([0, 0]);
    // a forged token claims nothing either
    expect((await ada.post(f.shortUrl, [[t.mail, 'ada@example.com'], ['_pending', 'A'.repeat(24)], ['_keep', t.fileId]])).status).toBe(400);
    const ok = await ada.post(f.shortUrl, [[t.mail, 'ada@example.com'], ['_pending', t.token], ['_keep', t.fileId]]);
    expect(ok.status).toBe(303);
  });

  it('are removed when unticked or replaced, and when they expire', async () => {
    const f = await newForm({ fields });
    const ada = visitor('f6f6f6f6f6f6f6f6');
    const t = await failedTry(ada, f);
    const sig = f.fields[2]!.key;
    // unticked: gone; a one-file field given a new file drops the kept one
    const second = await ada.post(f.shortUrl, [[t.mail, 'bad'], ['_pending', t.token]], [[sig, PNG, 'sig1.png']]);
    expect(second.status).toBe(400);
    expect([fileRow(t.fileId), onDisk(t.fileId)]).toEqual([undefined, false]);
    expect(second.html).not.toContain('me.png');
    const sig1 = /name="_keep" value="([0-9a-f]{24})" checked> sig1.png/.exec(second.html)![1]!;
    const third = await ada.post(f.shortUrl, [[t.mail, 'bad'], ['_pending', hidden(second.html, '_pending')!], ['_keep', sig1]], [[sig, PNG, 'sig2.png']]);
    expect(third.html).toContain('sig2.png');
    expect([fileRow(sig1), onDisk(sig1)]).toEqual([undefined, false]);
    const sig2 = /name="_keep" value="([0-9a-f]{24})" checked> sig2.png/.exec(third.html)![1]!;
    // past an hour the token claims nothing and the file is removed
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 3601 });
    try {
      const late = await ada.post(f.shortUrl, [[t.mail, 'ada@example.com'], ['_pending', hidden(third.html, '_pending')!], ['_keep', sig2]]);
      expect(late.status).toBe(400);
      expect([fileRow(sig2), onDisk(sig2)]).toEqual([undefined, false]);
    } finally {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -3601 });
    }
  });

  it('are served to no one while they wait, and a restart that forgot them removes them once their hour is past', async () => {
    const f = await newForm({ fields });
    const t = await failedTry(visitor('b8b8b8b8b8b8b8b8'), f);
    expect((await fetch(`${sb.origin}/files/${t.fileId}`)).status).toBe(404);
    const { createInstance } = await import('../../src/sandbox/server.js');
    // a sandbox opening the same data within the hour keeps them (the page's process may still want them)
    const soon = createInstance({ dataDir: sb.dataDir }, new AbortController().signal);
    soon.store.close();
    expect([fileRow(t.fileId)?.category, onDisk(t.fileId)]).toEqual(['pending', true]);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 3601 });
    try {
      const later = createInstance({ dataDir: sb.dataDir }, new AbortController().signal);
      later.store.close();
      expect([fileRow(t.fileId), onDisk(t.fileId)]).toEqual([undefined, false]);
    } finally {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -3601 });
    }
  });

  it('bytes no record names (an upload its process died in) go at the next start once an hour old by the file system\'s clock; fresh ones and other names stay', async () => {
    const dir = join(sb.dataDir, 'files');
    const [old, fresh] = ['0123456789abcdef01234567', '89abcdef0123456789abcdef'];
    for (const name of [old, fresh, 'notes.txt']) writeFileSync(join(dir, name), 'cut short');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(dir, old), twoHoursAgo, twoHoursAgo);
    utimesSync(join(dir, 'notes.txt'), twoHoursAgo, twoHoursAgo);
    const { createInstance } = await import('../../src/sandbox/server.js');
    // the sandbox's clock two hours ahead (POST /_sandbox/clock) does not age the bytes: the file system's clock does
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 7200 });
    try {
      createInstance({ dataDir: sb.dataDir }, new AbortController().signal).store.close();
      expect([onDisk(old), onDisk(fresh), existsSync(join(dir, 'notes.txt'))]).toEqual([false, true, true]);
    } finally {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -7200 });
      for (const name of [fresh, 'notes.txt']) rmSync(join(dir, name), { force: true });
    }
  });

  it('keep at most five for a several-file field: the oldest give way, and are deleted', async () => {
    const f = await newForm({ fields });
    const ada = visitor('a7a7a7a7a7a7a7a7');
    const [mail, photo] = f.fields.map((x) => x.key);
    let html = '';
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      const keep = [...html.matchAll(/name="_keep" value="([0-9a-f]{24})" checked>/g)].map((m) => ['_keep', m[1]!] as [string, string]);
      const token = hidden(html, '_pending');
      const files = [0, 1, 2].map((i) => [photo!, PNG, `p${round}${i}.png`] as [string, Buffer, string]);
      const r = await ada.post(f.shortUrl, [[mail!, 'bad'], ...(token ? [['_pending', token] as [string, string]] : []), ...keep], files);
      expect(r.status).toBe(400);
      html = r.html;
      seen.push(...[...html.matchAll(/name="_keep" value="([0-9a-f]{24})"/g)].map((m) => m[1]!));
    }
    const named = [...html.matchAll(/checked> (p\d\d\.png)<\/label>/g)].map((m) => m[1]);
    expect(named).toEqual(['p11.png', 'p12.png', 'p20.png', 'p21.png', 'p22.png']);
    const kept = new Set([...html.matchAll(/name="_keep" value="([0-9a-f]{24})"/g)].map((m) => m[1]!));
    for (const id of new Set(seen)) expect(fileRow(id) !== undefined, id).toBe(kept.has(id));
  });
});

describe('files go with the last thing that names them', () => {
  /** a form of an e-mail and a picture, and one page submit of it with a picture: the submission and its file */
  /** a form of a first field (an e-mail unless `first` says) and a picture, and a visitor's submission of both */
  async function submittedPicture(who: string, first: { type: 'email' | 'shortText'; answer: string } = { type: 'email', answer: `${who}@example.com` }) {
    const f = await newForm({ fields: [{ type: first.type, option: { label: 'Mail', required: true } }, { type: 'picture', option: { label: 'Photo' } }] });
    const [mail, photo] = f.fields.map((x) => x.key) as [string, string];
    const ok = await visitor(who).post(f.shortUrl, [[mail, first.answer]], [[photo, PNG, 'me.png']]);
    expect(ok.status).toBe(303);
    const sub = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items[0];
    const { fileId, fileUrl } = sub.answers[photo][0] as { fileId: string; fileUrl: string };
    return { f, mail, photo, sub, fileId, fileUrl };
  }

  it('a submission deleted takes the files only it named; a form deleted takes all of its files', async () => {
    const { f, mail, photo, sub: first, fileId, fileUrl } = await submittedPicture('c9c9c9c9c9c9c9c9');
    // a second submission names the same file (the API takes a file of the form by its id)
    const second = await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: { [mail]: 'bob@example.com', [photo]: [fileId] } } });
    expect(second.status).toBe(200);
    expect((await sb.api('DELETE', `/submissions/${first.id}`)).status).toBe(200);
    expect([(await fetch(fileUrl)).status, onDisk(fileId)]).toEqual([200, true]);
    expect((await sb.api('POST', `/forms/${f.qrId}/submissions/batch-delete`, { body: { submissionIds: [second.body.data.submissionId] } })).status).toBe(200);
    expect([(await fetch(fileUrl)).status, onDisk(fileId)]).toEqual([404, false]);
    // the form's own files and its submissions' go with the form
    const again = await visitor('d0d0d0d0d0d0d0d0').post(f.shortUrl, [[mail, 'cy@example.com']], [[photo, PNG, 'cy.png']]);
    expect(again.status).toBe(303);
    const kept = (await sb.api('GET', `/forms/${f.qrId}/submissions`)).body.data.items[0].answers[photo][0];
    expect((await fetch(kept.fileUrl)).status).toBe(200);
    expect((await sb.api('DELETE', `/forms/${f.qrId}`)).status).toBe(200);
    expect([(await fetch(kept.fileUrl)).status, onDisk(kept.fileId)]).toEqual([404, false]);
  });

  it('a submission deleted after its file field was removed from the form still takes its file', async () => {
    const { f, mail, sub, fileId } = await submittedPicture('f4f4f4f4f4f4f4f4');
    expect((await sb.api('PUT', `/forms/${f.qrId}`, { body: { fields: [{ key: mail, type: 'email', option: { label: 'Mail', required: true } }] } })).status).toBe(200);
    expect((await sb.api('DELETE', `/submissions/${sub.id}`)).status).toBe(200);
    expect([(await fetch(`${sb.origin}/files/${fileId}`)).status, onDisk(fileId)]).toEqual([404, false]);
  });

  it('an update that drops a file from the answers takes it, unless something else still names it', async () => {
    const { f, mail, photo, sub, fileId, fileUrl } = await submittedPicture('f3f3f3f3f3f3f3f3');
    // named by a second submission too: the first one's update keeps it
    const other = await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: { [mail]: 'fay@example.com', [photo]: [fileId] } } });
    expect((await sb.api('PUT', `/submissions/${sub.id}`, { body: { answers: { [mail]: 'eve@example.com' } } })).status).toBe(200);
    expect((await fetch(fileUrl)).status).toBe(200);
    expect((await sb.api('PUT', `/submissions/${other.body.data.submissionId}`, { body: { answers: { [mail]: 'fay@example.com' } } })).status).toBe(200);
    expect([(await fetch(fileUrl)).status, onDisk(fileId)]).toEqual([404, false]);
  });

  it("a form's own image that its clone's document names stays when the original is deleted", async () => {
    const f = await newForm({ fields: [{ type: 'email', option: { label: 'Mail' } }] });
    const up = (await rawUpload(sb, `/forms/${f.qrId}/uploads`, 'form', PNG, 'banner.png')).body as { data: { fileId: string; fileUrl: string } };
    const { fileUrl } = up.data;
    expect((await sb.api('PUT', `/forms/${f.qrId}`, { body: { backgroundType: 'image', backgroundImage: { fileId: up.data.fileId, fileUrl } } })).status).toBe(200);
    const clone = await sb.api('POST', `/forms/${f.qrId}/clone`, { body: { count: 1 } });
    expect(clone.status).toBe(200);
    expect((await sb.api('DELETE', `/forms/${f.qrId}`)).status).toBe(200);
    expect((await fetch(fileUrl)).status).toBe(200);
    // the clone deleted in its turn: nothing names the image any more, and it goes
    expect((await sb.api('DELETE', `/forms?ids=${clone.body.data.cloneData[0].image.qrId}`)).status).toBe(200);
    expect([(await fetch(fileUrl)).status, onDisk(up.data.fileId)]).toEqual([404, false]);
  });

  it("a submission's picture a form names as its logo stays when the submission goes; another account's form that names it draws no logo from it", async () => {
    const { f: h, sub, fileUrl } = await submittedPicture('e2e2e2e2e2e2e2e2');
    const picture = { fileUrl };
    const svgOf = async (qrId: string) => (await fetch(`${sb.origin}/qr/${qrId}.svg`)).text();
    const foreign = await sb.api('POST', '/forms', { as: 'other', body: { title: 'Theirs', shortText: 'x', fields: [{ type: 'email', option: { label: 'E' } }], qrConfig: { logo: picture.fileUrl } } });
    expect(foreign.status).toBe(200);
    expect(await svgOf(foreign.body.data.qrId)).not.toContain('data:image/png;base64');
    expect((await sb.api('PUT', `/forms/${h.qrId}`, { body: { qrConfig: { logo: picture.fileUrl } } })).status).toBe(200);
    expect(await svgOf(h.qrId)).toContain('data:image/png;base64');
    expect((await sb.api('DELETE', `/submissions/${sub.id}`)).status).toBe(200);
    expect((await fetch(picture.fileUrl)).status).toBe(200);
  });

  // what keeps a file is any reference to it, on the safe side
  it('a text answer that spells a file id keeps the file until that submission goes too', async () => {
    const { f: g, mail: note, sub: first, fileId } = await submittedPicture('e1e1e1e1e1e1e1e1', { type: 'shortText', answer: 'x' });
    const spelled = await sb.api('POST', `/forms/${g.qrId}/submissions`, { body: { answers: { [note]: fileId } } });
    expect(spelled.status).toBe(200);
    expect((await sb.api('DELETE', `/submissions/${first.id}`)).status).toBe(200);
    expect(onDisk(fileId)).toBe(true);
    expect((await sb.api('DELETE', `/submissions/${spelled.body.data.submissionId}`)).status).toBe(200);
    expect(onDisk(fileId)).toBe(false);
  });
});
