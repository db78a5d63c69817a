import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CACHE_MS } from '../../src/sandbox/routes/ai.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

const gen = (body: unknown, as: 'owner' | 'viewer' = 'owner') => sb.api('POST', '/form-ai-builder/generate', { as, body });
const used = async () => (await sb.admin<Array<{ id: string; usedThisMonth: number }>>('GET', '/_sandbox/account'))[0]!.usedThisMonth;

describe('POST /form-ai-builder/generate (spec §4.7)', () => {
  it('drafts from a prompt; the draft is a POST /forms body', async () => {
    const r = await gen({ prompt: 'A short RSVP form for a team dinner' }, 'viewer');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      title: 'Short RSVP form for a team dinner', shortText: 'Please fill in the form below.', locale: 'en',
      fields: [
        { type: 'name', option: { label: 'Name', required: true } },
        { type: 'radio', option: { label: 'Will you attend?', required: true, options: [{ name: 'Yes', value: 'yes' }, { name: 'No', value: 'no' }] } },
        { type: 'number', option: { label: 'Number of guests' } },
        { type: 'shortText', option: { label: 'Dietary requirements' } },
      ],
    });
    expect((await sb.api('POST', '/forms', { body: r.body.data })).status).toBe(200);
  });

  it('every draft of the kinds and rows it makes is accepted by POST /forms', async () => {
    for (const prompt of ['Weekly timesheet', 'new employee onboarding checklist', 'where are you based? pick your country, then city', 'Quiz: capital of France? Paris; 2+2? 4. pass mark 60%', 'Anmeldung zum Sommerfest: Name, E-Mail und Anzahl der Gäste']) {
      const draft = (await gen({ prompt })).body.data;
      const created = await sb.api('POST', '/forms', { body: draft });
      expect([prompt, created.status]).toEqual([prompt, 200]);
    }
  });

  it('refines a currentForm, and refuses what it does not understand', async () => {
    const first = (await gen({ prompt: 'Contact form with name, e-mail and phone' })).body.data;
    const r = await gen({ prompt: 'make the e-mail optional; move Phone after Name', currentForm: first });
    expect(r.body.data.fields.map((f: any) => `${f.option.label}${f.option.required ? '*' : ''}`)).toEqual(['Name*', 'Phone', 'E-mail', 'Subject', 'Message*']);
    const unclear = await gen({ prompt: 'quita el teléfono y en español', currentForm: first });
    expect([unclear.status, unclear.body.message]).toEqual([400, expect.stringMatching(/^no field is called "teléfono y en español"/)]);
    const spanish = await gen({ prompt: 'quita el teléfono; en español', currentForm: first });
    expect([spanish.body.data.locale, spanish.body.data.fields.map((f: any) => f.option.label)]).toEqual(['es', ['Nombre', 'Correo electrónico', 'Asunto', 'Mensaje']]);
    const bad = await gen({ prompt: 'paint it blue please', currentForm: first });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^Could not understand the instruction "paint it blue please"/)]);
  });

  it('answers 400 for a missing or short prompt and for a currentForm that is not a draft', async () => {
    const draft = { title: 't', shortText: 's', fields: [{ type: 'email', option: { label: 'Mail' } }] };
    const cases: Array<[unknown, RegExp]> = [
      [{}, /prompt is required/],
      [{ prompt: 'too short' }, /at least 10 characters/],
      [{ prompt: `Order form: ${'tea, '.repeat(800)}water` }, /^prompt is too long: at most 4,000 characters \(got 4,017\)$/],
      [{ prompt: 'add a phone field', currentForm: { ...draft, qrId: 'ABC123' } }, /draft shape only/],
      [{ prompt: 'add a phone field', currentForm: { ...draft, qrConfig: {} } }, /no qrId or qrConfig/],
      [{ prompt: 'add a phone field', currentForm: { ...draft, fields: [{ type: 'blob', option: {} }] } }, /fields\[0\] must be \{type, option\}/],
      [{ prompt: 'Please make something nice for us' }, /asks for no form .* e\.g\. "RSVP for a team dinner"/],
    ];
    for (const [body, message] of cases) {
      const r = await gen(body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it('answers the longest prompts it takes, whatever their shape (one long word, a long list)', async () => {
    // the shapes that were quadratic (a 24 KB list held the event loop 63 s; a long word was tried by
    // the cascade rule at every letter): under the cap they are drafts or refusals like any other
    // (their time is the bench's business, not a test's)
    for (const prompt of [`Order form: ${'tea, '.repeat(795)}water`, `Form with ${'x'.repeat(3990)}`, `${'a, '.repeat(1333)}b`]) {
      expect(prompt.length).toBeLessThanOrEqual(4000);
      const r = await gen({ prompt });
      expect([400, 200], prompt.slice(0, 30)).toContain(r.status);
    }
  });

  it('serves the same request from a cache for a week; every call counts against the quota', async () => {
    const body = { prompt: 'Booking form with name, date and time' };
    const before = await used();
    const a = await gen(body);
    const b = await gen(body);
    expect(a.headers.get('x-ai-cache')).toBeNull();
    expect(b.headers.get('x-ai-cache')).toBe('hit');
    expect(b.body.data).toEqual(a.body.data);
    expect(await used()).toBe(before + 2);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: AI_CACHE_MS / 1000 + 60 });
    try {
      expect((await gen(body)).headers.get('x-ai-cache')).toBeNull();
    } finally {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -(AI_CACHE_MS / 1000 + 60) });
    }
  });

  it('can be made to fail through scoped faults: an invalid AI response (400) and an AI failure (500)', async () => {
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=ai-invalid,route=POST /form-ai-builder/generate,count=1' });
    const invalid = await gen({ prompt: 'Contact form with name and e-mail, fresh' });
    expect([invalid.status, invalid.body.message]).toEqual([400, expect.stringMatching(/^Invalid AI response/)]);
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=ai-failure,route=POST /form-ai-builder/generate,count=1' });
    const failed = await gen({ prompt: 'Contact form with name and e-mail, fresh' });
    expect([failed.status, failed.body.message]).toEqual([500, expect.stringMatching(/^AI failure/)]);
    expect((await gen({ prompt: 'Contact form with name and e-mail, fresh' })).status).toBe(200);
    // a bad request stays a 400 of its own, never the forced one
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=ai-failure,route=POST /form-ai-builder/generate,count=1' });
    expect((await gen({ prompt: 'short' })).body.message).toMatch(/at least 10 characters/);
    await sb.admin('DELETE', '/_sandbox/faults');
  });
});
