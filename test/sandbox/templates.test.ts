import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../src/domain/fieldTypes.js';
import { typeOfRawName } from '../../src/domain/templates.js';
import { gallery } from '../../src/sandbox/templates/gallery.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

const { categories: CATEGORIES, templates: GALLERY } = gallery();

let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

describe('the seeded gallery', () => {
  it('has 6 root categories and at least 36 public templates covering every field type, quizzes, cascades, sheets and qrConfig strings', () => {
    expect(CATEGORIES).toHaveLength(6);
    expect(GALLERY.length).toBeGreaterThanOrEqual(36);
    const types = new Set(GALLERY.flatMap((t) => Object.values(t.form.fields).map((f) => typeOfRawName(f.name))));
    expect([...FIELD_TYPES].filter((t) => !types.has(t))).toEqual([]);
    expect(GALLERY.filter((t) => t.form.isQuiz && Object.values(t.form.fields).some((f) => f.quizConfig?.correctAnswers && f.quizConfig.points)).length).toBeGreaterThanOrEqual(2);
    expect(GALLERY.filter((t) => typeof t.form.qrConfig === 'string').length).toBeGreaterThanOrEqual(2);
    expect(GALLERY.every((t) => /^[0-9a-f]{24}$/.test(t.id))).toBe(true);
    expect(new Set(GALLERY.map((t) => t.id)).size).toBe(GALLERY.length);
  });
});

describe('template routes (spec §4.7)', () => {
  it('lists categories (with up to six templates each when items=1) and a category\'s templates', async () => {
    const cats = (await sb.api('GET', '/form-templates/categories', { as: 'viewer' })).body.data;
    expect(cats).toHaveLength(6);
    expect(Object.keys(cats[0])).toEqual(['id', 'name']);
    const withItems = (await sb.api('GET', '/form-templates/categories?items=1')).body.data;
    expect(withItems.every((c: any) => c.items.length >= 1 && c.items.length <= 6)).toBe(true);
    const list = (await sb.api('GET', `/form-templates?categoryId=${cats[0].id}&limit=3`)).body.data;
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), title: expect.any(String), categoryName: cats[0].name });
    expect((await sb.api('GET', '/form-templates')).body.message).toBe('categoryId is required');
    expect((await sb.api('GET', '/form-templates?categoryId=events')).status).toBe(400);
  });

  it('gets one raw record, its form-create body that POST /forms takes, and refuses a bad id', async () => {
    const quiz = GALLERY.find((t) => t.title === 'Geography quiz')!;
    const raw = (await sb.api('GET', `/form-templates/${quiz.id}`)).body.data;
    expect(raw).toMatchObject({ id: quiz.id, title: 'Geography quiz', categoryName: 'Education', form: { title: 'Geography quiz' } });
    expect(Object.values(raw.form.fields)[0]).toMatchObject({ name: 'FormRadio' });
    const body = (await sb.api('GET', `/form-templates/${quiz.id}/form-create`)).body.data;
    expect(body).toMatchObject({ title: 'Geography quiz', isQuiz: true, quizConfig: { passingScore: 70 }, fields: [{ type: 'radio' }, { type: 'shortText' }, { type: 'number' }, { type: 'checkbox' }] });
    const created = await sb.api('POST', '/forms', { body });
    expect(created.status).toBe(200);
    const styled = GALLERY.find((t) => t.title === 'Contact us')!;
    expect((await sb.api('GET', `/form-templates/${styled.id}/form-create`)).body.data.qrConfig).toEqual({ gradient: true, grdType: 'diagonal1', color01: '#7c3aed', color02: '#db2777' });
    for (const bad of ['event-registration', 'ABCDEF', `${quiz.id}0`]) {
      const r = await sb.api('GET', `/form-templates/${bad}`);
      expect([r.status, r.body.message]).toEqual([400, 'Invalid template id']);
    }
    expect((await sb.api('GET', `/form-templates/${'0'.repeat(24)}`)).body.message).toBe('Template not found');
  });

  it('keeps favorites per member, shares public templates through the outbox, and saves private ones that never go public', async () => {
    const t = GALLERY[0]!;
    expect((await sb.api('PUT', `/form-templates/${t.id}/favorite`, { as: 'editor' })).status).toBe(200);
    expect((await sb.api('GET', '/form-templates/favorites', { as: 'editor' })).body.data).toEqual([{ id: t.id, title: t.title, categoryName: t.categoryName }]);
    expect((await sb.api('GET', '/form-templates/favorites', { as: 'viewer' })).body.data).toEqual([]);
    await sb.api('DELETE', `/form-templates/${t.id}/favorite`, { as: 'editor' });
    expect((await sb.api('GET', '/form-templates/favorites', { as: 'editor' })).body.data).toEqual([]);
    const share = await sb.api('POST', `/form-templates/${t.id}/share`, { body: { recipients: 'a@example.com,b@example.com' } });
    expect(share.status).toBe(200);
    const outbox = await sb.admin<Array<{ kind: string; recipients: string }>>('GET', '/_sandbox/outbox');
    expect(outbox.at(-1)).toMatchObject({ kind: 'template.share', recipients: 'a@example.com,b@example.com' });
    expect((await sb.api('POST', `/form-templates/${t.id}/share`, { body: { recipients: 'a@x.io,b@x.io,c@x.io,d@x.io,e@x.io,f@x.io' } })).status).toBe(400);

    const categoryId = CATEGORIES[2]!.id;
    const empty = await sb.api('POST', '/form-templates', { body: { categoryId, title: 'Empty', form: { title: 'Empty', fields: [] } } });
    expect([empty.status, empty.body.message]).toEqual([400, expect.stringMatching(/non-empty map of fields/)]);
    const saved = await sb.api('POST', '/form-templates', { body: { categoryId, title: 'Mine', form: { title: 'Mine', shortText: 's', fields: { k1: { name: 'FormEmail', option: { label: 'Mail' } } } } } });
    expect(saved.body.data).toMatchObject({ message: 'Template saved', template: { title: 'Mine', categoryName: 'Business' } });
    const id = saved.body.data.template.id;
    expect((await sb.api('GET', '/form-templates/mine')).body.data.map((x: any) => x.id)).toEqual([id]);
    expect((await sb.api('GET', `/form-templates?categoryId=${categoryId}`)).body.data.map((x: any) => x.id)).not.toContain(id);
    expect((await sb.api('GET', `/form-templates/${id}`, { key: sb.keys.other })).body.message).toBe('Template not found');
    expect((await sb.api('GET', `/form-templates/${id}/form-create`)).body.data).toEqual({ title: 'Mine', shortText: 's', fields: [{ type: 'email', option: { label: 'Mail' } }] });
    expect((await sb.api('POST', `/form-templates/${id}/share`, { body: { recipients: 'a@example.com' } })).body.message).toBe('Only public templates can be shared');
  });
});
