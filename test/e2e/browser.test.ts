import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';
import { closePages, workerChromium, PHONE, seriousViolations, smallTargets } from '../helpers/chromium.js';
import { PNG } from '../helpers/fixtures.js';

// The public form page in a real browser, at a phone's size: Debian's chromium driven by
// playwright-core (test/helpers/chromium.ts).
const FORM = JSON.parse(readFileSync(new URL('../fixtures/all-field-types.json', import.meta.url), 'utf8'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 2)]);

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('the public form page in headless Chromium', () => {
  let sb: InProcessSandbox;
  let browser: Browser;
  let receiver: Server;
  const deliveries: Delivery[] = [];
  let waiters: Array<() => void> = [];

  beforeAll(async () => {
    sb = await inProcessSandbox({ plan: 'business' });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.end('ok');
        for (const w of waiters) w();
        waiters = [];
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const hook = await sb.api('PUT', '/account/webhook', { body: { enabled: true, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` } });
    expect(hook.status).toBe(200);
    browser = await workerChromium();
  }, 60_000);
  afterAll(async () => {
    await closePages(browser);
    receiver?.close();
    await sb?.stop();
  });

  async function createForm(body: unknown): Promise<{ qrId: string; shortUrl: string; fields: Array<{ key: string; type: string; option: { label?: string } }> }> {
    const r = await sb.api('POST', '/forms', { body });
    expect(r.status).toBe(200);
    return r.body.data;
  }

  async function newPage(place: { country: string; city: string }): Promise<Page> {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-sandbox-country': place.country, 'x-sandbox-city': place.city }, viewport: PHONE });
    return context.newPage();
  }

  const field = (page: Page, key: string) => page.locator(`[data-key="${key}"]`);

  it('fills every field type, shows the field error for a bad e-mail, then submits: the submission, the scan and the webhook delivery exist', async () => {
    const form = await createForm(FORM);
    const key = (label: string) => form.fields.find((f) => f.option.label === label)!.key;
    const page = await newPage({ country: 'Japan', city: 'Tokyo' });
    const visit = await page.goto(form.shortUrl);
    expect(visit!.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Conference sign-up');

    const fillAll = async (email: string) => {
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Phone').fill('+44 20 7946 0000');
      await page.getByLabel('Street address').fill('12 Analytical Row');
      await page.getByLabel('City', { exact: true }).fill('London');
      await page.getByLabel('Postal code').fill('N1 9GU');
      await page.getByLabel('Country', { exact: true }).fill('UK');
      await field(page, key('Gender')).getByLabel('Female').check();
      await page.getByLabel('Company').fill('Engines Ltd');
      await page.getByLabel('Anything else?').fill('Vegetarian meals, please.');
      await page.getByLabel('Guests').fill('2');
      await field(page, key('T-shirt size')).getByLabel('M', { exact: true }).check();
      await field(page, key('Workshops')).getByLabel('Rust').check();
      await field(page, key('Workshops')).getByLabel('TypeScript').check();
      await page.getByLabel('Arrival date').fill('2026-12-01');
      await page.getByLabel('Arrival time').fill('09:30');
      await page.getByLabel('Where are you travelling from?').fill('51.5074,-0.1278');
      // the cascade: one select per level, each filled from the one before
      const venue = field(page, key('Venue'));
      await venue.locator('select[data-level="0"]').selectOption('Europe');
      await venue.locator('select[data-level="1"]').selectOption('France');
      await venue.locator('select[data-level="2"]').selectOption('Paris');
      await page.getByLabel('Visa: Yes').check();
      await page.getByLabel('Hotel: Neutral').check();
      await page.getByLabel('Breakfast').fill('Porridge');
      await page.getByLabel('Lunch').fill('Soup');
      await page.getByLabel('Photo').setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: PNG }]);
      await page.getByLabel('CV').setInputFiles([{ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF }]);
      await page.getByLabel('Signature').setInputFiles([{ name: 'sig.png', mimeType: 'image/png', buffer: PNG }]);
      await page.getByLabel('Voice note').setInputFiles([{ name: 'hello.mp3', mimeType: 'audio/mpeg', buffer: MP3 }]);
      await page.getByLabel('Intro video').setInputFiles([{ name: 'intro.mp4', mimeType: 'video/mp4', buffer: MP4 }]);
    };

    await fillAll('ada-at-example');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    const [bad] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Submit' }).click()]);
    expect(bad!.status()).toBe(400);
    await expect(field(page, key('E-mail')).locator('.error').textContent()).resolves.toBe('Error: Enter an e-mail address like name@example.com.');
    await expect(page.getByLabel('E-mail').getAttribute('aria-describedby')).resolves.toContain(`e-${key('E-mail')}`);
    // what was typed and chosen is still there (the files named, ticked to keep); nothing was created
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('Engines Ltd');
    await expect(field(page, key('Workshops')).getByLabel('Rust').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Hotel: Neutral').isChecked()).resolves.toBe(true);
    await expect(field(page, key('Venue')).locator('select[data-level="2"]').inputValue()).resolves.toBe('Paris');
    for (const name of ['me.png', 'cv.pdf', 'sig.png', 'hello.mp3', 'intro.mp4']) await expect(page.getByRole('checkbox', { name }).isChecked()).resolves.toBe(true);
    expect((await sb.api('GET', `/forms/${form.qrId}/submissions`)).body.data.total).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);

    await page.getByLabel('E-mail').fill('ada@example.com');
    const [ok] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Submit' }).click()]);
    expect(ok!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you!');

    const list = (await sb.api('GET', `/forms/${form.qrId}/submissions`)).body.data;
    expect(list.total).toBe(1);
    const a = list.items[0].answers;
    expect(a[key('Name')]).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(a[key('E-mail')]).toBe('ada@example.com');
    expect(a[key('Address')]).toMatchObject({ addressLine: '12 Analytical Row', city: 'London', zipcode: 'N1 9GU', country: 'UK', state: '' });
    expect(a[key('Gender')]).toBe('female');
    expect(a[key('Workshops')]).toEqual(['rust', 'ts']);
    expect(a[key('T-shirt size')]).toBe('M');
    expect(a[key('Arrival date')]).toBe('2026-12-01');
    expect(a[key('Arrival time')]).toBe('09:30');
    expect(a[key('Venue')]).toBe('Europe / France / Paris');
    expect(a[key('Checklist')]).toEqual([{ itemName: 'Visa', selectedValue: '_d1' }, { itemName: 'Hotel', selectedValue: '_d3' }]);
    expect(a[key('Diet')]).toEqual([{ itemName: 'Breakfast', value: 'Porridge' }, { itemName: 'Lunch', value: 'Soup' }]);
    expect(a[key('Photo')]).toHaveLength(1);
    expect(a[key('Signature')].fileUrl).toMatch(/\/files\/[0-9a-f]{24}$/);
    const audio = await fetch(a[key('Voice note')].fileUrl);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(MP3);

    // the visit is a scan, placed by the headers, linked to the submission
    const linked = (await sb.api('GET', `/forms/${form.qrId}/analytics?period=week&submission=1`)).body.data;
    expect(linked).toMatchObject({ scans: 1, uniqueScans: 1, submissionFilter: true, countries: [{ country: 'Japan', count: 1 }], cities: [{ city: 'Tokyo', count: 1 }], devices: [{ device: 'Desktop', count: 1 }] });
    // the webhook fired once, signed
    if (deliveries.length === 0) await new Promise<void>((r) => waiters.push(r));
    expect(deliveries).toHaveLength(1);
    const secret = (await sb.api('GET', '/account/webhook')).body.data.secret;
    expect(deliveries[0]!.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', secret).update(deliveries[0]!.body).digest('hex')}`);
    expect(JSON.parse(deliveries[0]!.body).submission.id).toBe(list.items[0].id);
    await page.context().close();
  }, 60_000);

  it("shows the quiz result as the form's settings allow: the score without the answers, or the answers without the score; and the time limit", async () => {
    const quiz = (settings: Record<string, unknown>) => ({
      title: 'Capitals', shortText: 'Three questions', isQuiz: true, quizConfig: { passingScore: 60, ...settings },
      fields: [
        { type: 'radio', option: { label: 'Capital of France?', options: [{ name: 'Paris', value: 'opt_1' }, { name: 'Lyon', value: 'opt_2' }] }, quizConfig: { points: 2, correctAnswers: ['opt_1'] } },
        { type: 'shortText', option: { label: 'Capital of Japan?' }, quizConfig: { points: 1, correctAnswers: ['Tokyo'] } },
      ],
    });
    const answer = async (page: Page) => {
      await page.getByLabel('Paris').check();
      await page.getByLabel('Capital of Japan?').fill('Kyoto');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Submit' }).click()]);
    };

    const scoreOnly = await createForm(quiz({ showFinalScore: true, showAnswersResults: false, passMessage: 'Bravo!' }));
    const p1 = await newPage({ country: 'France', city: 'Paris' });
    await p1.goto(scoreOnly.shortUrl);
    await answer(p1);
    await expect(p1.getByTestId('score').textContent()).resolves.toBe('66.67%');
    await expect(p1.getByTestId('verdict').textContent()).resolves.toBe('Bravo!');
    expect(await p1.locator('.result').textContent()).not.toContain('Correct answer');

    const answersOnly = await createForm(quiz({ showFinalScore: false, showAnswersResults: true, enableTimeLimit: true, timeLimit: 120 }));
    const p2 = await newPage({ country: 'France', city: 'Lyon' });
    await p2.goto(answersOnly.shortUrl);
    await expect(p2.locator('.timer').textContent()).resolves.toContain('Time limit: 2 min');
    await answer(p2);
    await expect(p2.getByTestId('score').count()).resolves.toBe(0);
    await expect(p2.locator('.result').textContent()).resolves.toContain('Correct answer: Tokyo');
    // options by their names, never their values
    await expect(p2.locator('.result li').first().textContent()).resolves.toBe('Capital of France?Your answer: Paris — correctCorrect answer: Paris');
    expect(await p2.content()).not.toContain('opt_1');
    expect(await seriousViolations(p2)).toEqual([]);
    // the result is the thank-you address: a reload shows it again and creates nothing
    await p2.reload();
    await expect(p2.locator('.result').textContent()).resolves.toContain('Your answer: Paris');
    expect((await sb.api('GET', `/forms/${answersOnly.qrId}/submissions`)).body.data.total).toBe(1);
    const stored = (await sb.api('GET', `/forms/${answersOnly.qrId}/submissions`)).body.data.items[0];
    expect(stored.quizData).toMatchObject({ points: 2, totalMarks: 3, passed: true });
    await p1.context().close();
    await p2.context().close();
  }, 60_000);

  it('answers an archived form with 410 and an unknown one with 404, on a page that says so', async () => {
    const form = await createForm({ title: 'Gone', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] });
    expect((await sb.api('PUT', `/forms/${form.qrId}/archive`)).status).toBe(200);
    const page = await newPage({ country: 'Spain', city: 'Madrid' });
    const archived = await page.goto(form.shortUrl);
    expect(archived!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This form is not available');
    const unknown = await page.goto(`${sb.origin}/s/NOSUCHFORM1`);
    expect(unknown!.status()).toBe(404);
    await page.context().close();
  }, 30_000);

  it('the accessibility check finds what it looks for, on a page without frames and on one with a frame', async () => {
    const page = await (await browser.newContext()).newPage();
    const bad = '<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>';
    await page.setContent(bad);
    const found = await seriousViolations(page);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt: /), expect.stringMatching(/^label: /)]));
    await page.setContent(`<!doctype html><html lang="en"><head><title>Framed</title></head><body><main><iframe title="inner" srcdoc="${bad.replace(/"/g, '&quot;')}"></iframe></main></body></html>`);
    await page.frames()[1]!.waitForLoadState();
    expect(page.frames()).toHaveLength(2);
    expect(await seriousViolations(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt: iframe img/)]));
    await page.context().close();
  }, 30_000);
  it("opens nothing of the browser's own beside a context's page (test/helpers/chromium.ts: no omnibox popup renderers)", async () => {
    const page = await newPage({ country: 'Spain', city: 'Madrid' });
    await page.setContent('<!doctype html><html lang="en"><head><title>One</title></head><body><main><h1>One</h1></main></body></html>');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ type: string; url: string }> };
    await cdp.detach();
    expect(targetInfos.filter((t) => t.type !== 'page')).toEqual([]);
    expect(targetInfos.filter((t) => t.type === 'page').length).toBeGreaterThan(0);
    await page.context().close();
  }, 30_000);
});
