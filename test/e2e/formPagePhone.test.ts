import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focused, closePages, workerChromium, PHONE, seriousViolations, smallTargets } from '../helpers/chromium.js';
import { PNG } from '../helpers/fixtures.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// The form page on a phone (375 × 667 CSS pixels) in Debian's chromium: an invalid submit keeps what
// was typed and the file chosen, the error summary takes focus and links to the field, a good submit
// lands on a thank-you page that a reload shows again without a second submission; in English and in
// French. axe-core finds nothing serious; every control is at least 44 × 44 to the touch.
// FORMCTL_SCREENSHOTS=docs saves the pages as docs/form-page-{errors,thanks}-{lang}.png.

const WORDS = {
  en: { submit: 'Submit', summary: 'There is a problem', email: 'Enter an e-mail address like name@example.com.', kept: 'Already uploaded', thanks: 'Thank you!', first: 'First name', city: 'City' },
  fr: { submit: 'Envoyer', summary: 'Il y a un problème', email: 'Saisissez une adresse e-mail comme nom@exemple.fr.', kept: 'Déjà envoyé', thanks: 'Merci !', first: 'Prénom', city: 'Ville' },
} as const;

describe('the form page on a phone', () => {
  let sb: InProcessSandbox;
  let browser: Browser;
  beforeAll(async () => {
    sb = await inProcessSandbox({ plan: 'business' });
    browser = await workerChromium();
  }, 60_000);
  afterAll(async () => {
    await closePages(browser);
    await sb?.stop();
  });

  const shoot = async (page: Page, name: string) => {
    if (process.env.FORMCTL_SCREENSHOTS) await page.screenshot({ path: `${process.env.FORMCTL_SCREENSHOTS}/${name}.png`, fullPage: true });
  };

  it.each(['en', 'fr'] as const)('%s: errors keep the typed values and the file, the summary is focused; then one submission and a thank-you page that survives a reload', async (lang) => {
    const w = WORDS[lang];
    const created = await sb.api('POST', '/forms', {
      body: {
        title: lang === 'fr' ? 'Inscription au salon' : 'Fair sign-up', shortText: lang === 'fr' ? 'Dites-nous qui vous êtes.' : 'Tell us who you are.', locale: lang,
        fields: [
          { type: 'name', option: { label: lang === 'fr' ? 'Nom complet' : 'Full name', required: true } },
          { type: 'email', option: { label: 'E-mail', required: true } },
          { type: 'phone', option: { label: lang === 'fr' ? 'Téléphone' : 'Phone' } },
          { type: 'address', option: { label: lang === 'fr' ? 'Adresse' : 'Address' } },
          { type: 'radio', option: { label: lang === 'fr' ? 'Taille' : 'Size', required: true, options: [{ name: 'S', value: 's' }, { name: 'M', value: 'm' }] } },
          { type: 'checkList', option: { label: 'Checklist', rowLabels: ['Visa', 'Hotel'] } },
          { type: 'picture', option: { label: 'Photo', required: true } },
        ],
      },
    });
    const form = created.body.data as { qrId: string; shortUrl: string; fields: Array<{ key: string }> };
    const [, mail] = form.fields.map((f) => f.key);
    const page = await (await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 })).newPage();
    const refused: string[] = []; // the page's script runs under its policy: nothing refused
    page.on('console', (m) => m.text().includes('Content Security Policy') && refused.push(m.text()));
    await page.goto(form.shortUrl);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);

    await page.getByLabel(w.first).fill('Ada');
    await page.getByLabel('E-mail').fill('ada-at-example');
    await page.getByLabel(w.city, { exact: true }).fill('London');
    await page.getByLabel('Photo').setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: PNG }]);
    const [bad] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: w.submit }).click()]);
    expect(bad!.status()).toBe(400);
    await expect(page.title()).resolves.toBe(`${lang === 'fr' ? 'Erreur :' : 'Error:'} ${lang === 'fr' ? 'Inscription au salon' : 'Fair sign-up'}`);

    // the summary has focus and says what is wrong, each line a link to its field
    const summary = page.locator('.summary');
    await expect(focused(page, 'className')).resolves.toBe('summary');
    await expect(summary.getByRole('heading').textContent()).resolves.toBe(w.summary);
    const link = summary.getByRole('link', { name: w.email });
    await expect(link.getAttribute('href')).resolves.toBe(`#f-${mail}`);
    await link.click();
    await expect(focused(page, 'id')).resolves.toBe(`f-${mail}`);
    await expect(page.getByLabel('E-mail').getAttribute('aria-invalid')).resolves.toBe('true');
    // what was typed and chosen is still there
    await expect(page.getByLabel(w.first).inputValue()).resolves.toBe('Ada');
    await expect(page.getByLabel(w.city, { exact: true }).inputValue()).resolves.toBe('London');
    await expect(page.getByText(w.kept).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: 'me.png' }).isChecked()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate('document.activeElement.blur(); window.scrollTo(0, 0)');
    await shoot(page, `form-page-errors-${lang}`);

    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByText('M', { exact: true }).click();
    const [ok] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: w.submit }).click()]);
    expect(ok!.status()).toBe(200);
    expect(page.url()).toMatch(new RegExp(`/s/${form.qrId}/thanks\\?r=`));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(w.thanks);
    await shoot(page, `form-page-thanks-${lang}`);
    const again = await page.reload();
    expect(again!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(w.thanks);

    const list = (await sb.api('GET', `/forms/${form.qrId}/submissions`)).body.data;
    expect(list.total).toBe(1);
    expect(list.items[0].answers[mail!]).toBe('ada@example.com');
    expect(list.items[0].answers[form.fields[6]!.key]).toHaveLength(1);
    expect(refused).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('works without JavaScript: the summary still takes focus (autofocus), the file is kept, the redirect lands on the thank-you page', async () => {
    const created = await sb.api('POST', '/forms', {
      body: { title: 'No script', shortText: 'x', fields: [{ type: 'email', option: { label: 'E-mail', required: true } }, { type: 'document', option: { label: 'CV', required: true } }] },
    });
    const form = created.body.data as { qrId: string; shortUrl: string };
    const page = await (await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
    await page.goto(form.shortUrl);
    await page.getByLabel('CV').setInputFiles([{ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('Curriculum vitae\n') }]);
    const [bad] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Submit' }).click()]);
    expect(bad!.status()).toBe(400);
    await expect(focused(page, 'className')).resolves.toBe('summary');
    await expect(page.getByRole('checkbox', { name: 'cv.txt' }).isChecked()).resolves.toBe(true);
    await page.getByLabel('E-mail').fill('ada@example.com');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Submit' }).click()]);
    expect(page.url()).toContain('/thanks?r=');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you!');
    const list = (await sb.api('GET', `/forms/${form.qrId}/submissions`)).body.data;
    expect(list.total).toBe(1);
    expect(Object.values(list.items[0].answers)).toContainEqual([expect.objectContaining({ fileUrl: expect.any(String) })]);
    await page.context().close();
  }, 60_000);
});
