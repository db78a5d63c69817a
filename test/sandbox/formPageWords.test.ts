import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// What the form page says and how it is marked up, without a browser: its own words in the form's
// locale (the API's stay English), the error summary's links, autofill tokens, and quiz answers by
// option name.
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

async function newForm(body: Record<string, unknown>): Promise<{ qrId: string; shortUrl: string; fields: Array<{ key: string; type: string }> }> {
  const r = await sb.api('POST', '/forms', { body: { title: 'Page', shortText: 'x', ...body } });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** POST the page (redirects followed, as a browser does) */
async function post(url: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(url, { method: 'POST', body: form });
  return { status: res.status, html: await res.text() };
}

const FIELDS = [
  { type: 'name', option: { label: 'Nom complet', required: true } },
  { type: 'email', option: { label: 'Courriel', required: true } },
  { type: 'phone', option: { label: 'Téléphone' } },
  { type: 'address', option: { label: 'Adresse postale' } },
  { type: 'number', option: { label: 'Invités' } },
];

describe("the page's words in the form's locale", () => {
  it('French: the page, its errors and the summary, the thank-you page, the archived page; the API still answers in English', async () => {
    const f = await newForm({ locale: 'fr', fields: FIELDS });
    const [name, mail, , , guests] = f.fields.map((x) => x.key);
    const page = await (await fetch(f.shortUrl)).text();
    expect(page).toContain('<html lang="fr">');
    for (const word of ['>Envoyer</button>', '(obligatoire)', '>Prénom<', '>Code postal<', 'Servi par le bac à sable formctl']) expect(page).toContain(word);
    expect(page).not.toContain('Submit');

    const bad = await post(f.shortUrl, { [mail!]: 'pas-une-adresse', [guests!]: 'trois' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('<h2 id="summary-title">Il y a un problème</h2>');
    expect(bad.html).toContain(`<a href="#f-${name}-firstName">Nom complet : une réponse est obligatoire.</a>`);
    expect(bad.html).toContain(`<a href="#f-${mail}">Saisissez une adresse e-mail comme nom@exemple.fr.</a>`);
    expect(bad.html).toContain(`<p class="error" id="e-${guests}"><span class="vh">Erreur : </span>Saisissez un nombre.</p>`);
    expect(bad.html).not.toMatch(/is required|not an e-mail|not a number/);

    const ok = await post(f.shortUrl, { [`${name}.firstName`]: 'Ada', [mail!]: 'ada@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.html).toContain('<h1>Merci !</h1>');
    expect(ok.html).toContain('Votre réponse a été enregistrée.');

    const api = await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: { [mail!]: 'nope' } } });
    expect(api.body.data.fieldErrors[mail!].message).toBe('"nope" is not an e-mail address');

    await sb.api('PUT', `/forms/${f.qrId}/archive`);
    const gone = await fetch(f.shortUrl);
    expect(gone.status).toBe(410);
    const goneHtml = await gone.text();
    expect(goneHtml).toContain('<h1>Ce formulaire n’est pas disponible</h1>');
    expect(goneHtml).toContain('archivé par son propriétaire');
  });

  it.each([
    ['es', 'Enviar', 'Hay un problema', 'Nombre'],
    ['de-DE', 'Absenden', 'Es gibt ein Problem', 'Vorname'],
    ['pt-BR', 'Enviar', 'Há um problema', 'Sobrenome'],
    ['en', 'Submit', 'There is a problem', 'First name'],
    ['it', 'Submit', 'There is a problem', 'First name'], // a language the page has no words for: English
  ])('%s: the button, the summary and the name parts', async (locale, submit, summary, namePart) => {
    const f = await newForm({ locale, fields: FIELDS });
    expect(await (await fetch(f.shortUrl)).text()).toContain(`>${submit}</button>`);
    const bad = await post(f.shortUrl, {});
    expect(bad.html).toContain(summary);
    expect(bad.html).toContain(`>${namePart}<`);
  });

  it('an unknown link is answered in English (no form, no locale)', async () => {
    const r = await fetch(`${sb.origin}/s/NOSUCHFORM9`);
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('No form has this link.');
  });
});

describe('the markup a phone and a screen reader rely on', () => {
  it('autofill tokens on name, e-mail, phone and address parts', async () => {
    const f = await newForm({ fields: FIELDS });
    const [name, mail, phone, address, guests] = f.fields.map((x) => x.key);
    const html = await (await fetch(f.shortUrl)).text();
    const tokenOf = (id: string) => new RegExp(`<input [^>]*id="${id}"[^>]*>`).exec(html)?.[0].match(/autocomplete="([^"]+)"/)?.[1];
    expect({
      first: tokenOf(`f-${name}-firstName`), last: tokenOf(`f-${name}-lastName`), mail: tokenOf(`f-${mail}`), phone: tokenOf(`f-${phone}`),
      line: tokenOf(`f-${address}-addressLine`), city: tokenOf(`f-${address}-city`), state: tokenOf(`f-${address}-state`),
      zip: tokenOf(`f-${address}-zipcode`), country: tokenOf(`f-${address}-country`), guests: tokenOf(`f-${guests}`),
    }).toEqual({
      first: 'given-name', last: 'family-name', mail: 'email', phone: 'tel', line: 'address-line1', city: 'address-level2',
      state: 'address-level1', zip: 'postal-code', country: 'country-name', guests: undefined,
    });
    expect(html).toMatch(new RegExp(`<input type="tel" id="f-${phone}"`));
  });

  it('the error summary is focused on load and links to controls that exist; each invalid control says so and is described by its error', async () => {
    const f = await newForm({ fields: [...FIELDS, { type: 'radio', option: { label: 'Size', required: true, options: [{ name: 'S', value: 's' }] } }] });
    const keys = f.fields.map((x) => x.key);
    const bad = await post(f.shortUrl, { [keys[1]!]: 'x' });
    expect(bad.html).toMatch(/<form [^>]*><div class="summary" role="alert" tabindex="-1" autofocus aria-labelledby="summary-title">/);
    const links = [...bad.html.matchAll(/<li><a href="#([^"]+)">/g)].map((m) => m[1]!);
    expect(links).toEqual([`f-${keys[0]}-firstName`, `f-${keys[1]}`, `f-${keys[5]}-0`]);
    for (const id of links) expect(bad.html).toContain(`id="${id}"`);
    expect(bad.html).toMatch(new RegExp(`<input type="email" id="f-${keys[1]}"[^>]* aria-describedby="e-${keys[1]}" aria-invalid="true">`));
    expect(bad.html).toMatch(new RegExp(`<fieldset class="field invalid" data-key="${keys[5]}" aria-describedby="e-${keys[5]}">`));
    expect(bad.html).toMatch(new RegExp(`<input type="radio" id="f-${keys[5]}-0"[^>]* aria-invalid="true">`));
    // what was typed comes back
    expect(bad.html).toMatch(new RegExp(`id="f-${keys[1]}" name="${keys[1]}" value="x"`));
  });
});

describe('the quiz result', () => {
  it("names the options the person chose and the correct ones, never their values", async () => {
    const f = await newForm({
      title: 'Capitals', isQuiz: true, locale: 'fr', quizConfig: { passingScore: 50, showFinalScore: true, showAnswersResults: true },
      fields: [
        { type: 'radio', option: { label: 'Capitale de la France ?', options: [{ name: 'Lyon', value: 'opt_1' }, { name: 'Paris', value: 'opt_2' }] }, quizConfig: { points: 1, correctAnswers: ['opt_2'] } },
        { type: 'checkbox', option: { label: 'Villes du Japon ?', options: [{ name: 'Tokyo', value: 'opt_a' }, { name: 'Séoul', value: 'opt_b' }, { name: 'Osaka', value: 'opt_c' }] }, quizConfig: { points: 1, correctAnswers: ['opt_a', 'opt_c'] } },
        { type: 'shortText', option: { label: 'Capitale du Pérou ?' }, quizConfig: { points: 1, correctAnswers: ['Lima'] } },
      ],
    });
    const [capital, cities] = f.fields.map((x) => x.key);
    const form = new FormData();
    form.append(capital!, 'opt_1');
    form.append(cities!, 'opt_a');
    form.append(cities!, 'opt_c');
    const html = await (await fetch(f.shortUrl, { method: 'POST', body: form })).text();
    expect(html).toContain('Votre réponse : Lyon — faux');
    expect(html).toContain('Bonne réponse : Paris');
    expect(html).toContain('Votre réponse : Tokyo, Osaka — juste');
    expect(html).toContain('Votre réponse : (pas de réponse) — faux');
    expect(html).toContain('>33,33 %</p>');
    expect(html).not.toMatch(/opt_[12abc]/);
  });
});
