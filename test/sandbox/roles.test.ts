import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_TABLE, ROLES, type Role } from '../../src/domain/roles.js';
import { API_ROUTES } from '../../src/sandbox/routes/index.js';
import { gallery } from '../../src/sandbox/templates/gallery.js';
import { inProcessSandbox, type InProcessSandbox, type SeedRole } from '../helpers/inProcessSandbox.js';

const { categories: CATEGORIES, templates: GALLERY } = gallery();

// spec §5, read cell by cell: ok, own (only forms the caller created; another's → 400), 400 or 403.
// Written from the spec, not from src/domain/roles.ts, so that the table is checked, not restated.
type Cell = 'ok' | 'own' | 400 | 403;
const SPEC: Record<string, Record<Role, Cell>> = {
  listForms: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  createForm: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 403 },
  deleteForms: { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  getForm: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  updateForm: { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  deleteForm: { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  archiveForm: { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  restoreForm: { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  cloneForm: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 400 },
  shareForm: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 400 },
  downloadFormQr: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  // spec §5: a Viewer reads analytics
  getFormAnalytics: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  getSubmissionSchema: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  validateSubmission: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  batchDeleteSubmissions: { Owner: 'ok', Admin: 'ok', Editor: 400, Viewer: 400 },
  createSubmission: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  listSubmissions: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  getSubmission: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  updateSubmission: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 400 },
  deleteSubmission: { Owner: 'ok', Admin: 'ok', Editor: 400, Viewer: 400 },
  // uploads: a form asset changes the form (an Editor's own forms only, as updates); a submission file goes with a submission (docs/sandbox.md)
  'uploadFormFile (category=form)': { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  'uploadFormFile (category=submission)': { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  deleteFormFile: { Owner: 'ok', Admin: 'ok', Editor: 'own', Viewer: 400 },
  uploadLogo: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  listLogos: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  getWebhook: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  putWebhook: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  listPresets: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  // team (spec §4.6): Owner and Admin manage; every member resets only their own password (another's → 400)
  listTeamMembers: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  addTeamMember: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  updateTeamMember: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  deleteTeamMember: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  resetTeamMemberPassword: { Owner: 'own', Admin: 'own', Editor: 'own', Viewer: 'own' },
  renameTeam: { Owner: 'ok', Admin: 'ok', Editor: 403, Viewer: 403 },
  // templates (spec §4.7): every role browses, keeps favorites, shares and saves
  listTemplateCategories: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  listTemplates: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  getTemplate: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  getTemplateFormCreate: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  listFavoriteTemplates: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  listMyTemplates: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  addFavoriteTemplate: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  removeFavoriteTemplate: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  shareTemplate: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  saveTemplate: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
  // the AI builder (spec §4.7): every role drafts
  generateFormDraft: { Owner: 'ok', Admin: 'ok', Editor: 'ok', Viewer: 'ok' },
};

const SEED_ROLE: Record<Role, SeedRole> = { Owner: 'owner', Admin: 'admin', Editor: 'editor', Viewer: 'viewer' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const FORM = { title: 'Roles', shortText: 'table', fields: [{ type: 'shortText', option: { label: 'Note' } }] };

interface Outcome {
  status: number;
  message: string;
}

describe('spec §5: the role × route table, every cell over HTTP', () => {
  let sb: InProcessSandbox;
  beforeAll(async () => {
    sb = await inProcessSandbox({ plan: 'enterprise' });
    for (const k of sb.sandbox.store.members.seededKeys()) memberIds[k.role] = k.memberId;
  });
  afterAll(() => sb.stop());

  const ok = (r: { status: number; body: any }) => {
    if (r.status >= 300) throw new Error(`fixture failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  async function newForm(creator: SeedRole, archived = false): Promise<string> {
    const qrId = ok(await sb.api('POST', '/forms', { as: creator, body: FORM })).qrId as string;
    if (archived) ok(await sb.api('PUT', `/forms/${qrId}/archive`));
    return qrId;
  }
  async function newSubmission(qrId: string): Promise<string> {
    return ok(await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: {} } })).submissionId as string;
  }
  async function upload(path: string, category: string, as: SeedRole): Promise<{ status: number; body: any }> {
    const form = new FormData();
    form.set('category', category);
    form.set('userFile', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const res = await fetch(`${sb.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys[as]}` }, body: form });
    return { status: res.status, body: await res.json() };
  }

  let made = 0;
  const memberIds: Record<string, string> = {};
  async function newMember(): Promise<string> {
    const r = ok(await sb.api('POST', '/team/members', { body: { email: `target${++made}@roles.test`, password: 'x', userType: 'Editor' } }));
    return r.member.id as string;
  }

  /** One request of each operation by `as`, on a form `creator` made. */
  async function call(op: string, as: SeedRole, creator: SeedRole): Promise<Outcome> {
    const maker = creator === 'viewer' ? 'editor2' : creator; // Viewers make no forms
    const q = op === 'restoreForm' ? await newForm(maker, true) : await newForm(maker);
    const api = (method: string, path: string, body?: unknown) => sb.api(method, path, { as, body });
    let r: { status: number; body: any };
    switch (op) {
      case 'listForms': r = await api('GET', '/forms'); break;
      case 'createForm': r = await api('POST', '/forms', FORM); break;
      case 'deleteForms': r = await api('DELETE', `/forms?ids=${q}`); break;
      case 'getForm': r = await api('GET', `/forms/${q}`); break;
      case 'updateForm': r = await api('PUT', `/forms/${q}`, { title: 'Renamed' }); break;
      case 'deleteForm': r = await api('DELETE', `/forms/${q}`); break;
      case 'archiveForm': r = await api('PUT', `/forms/${q}/archive`); break;
      case 'restoreForm': r = await api('PUT', `/forms/${q}/restore`); break;
      case 'cloneForm': r = await api('POST', `/forms/${q}/clone`, {}); break;
      case 'shareForm': r = await api('POST', `/forms/${q}/share`, { recipients: 'a@example.com' }); break;
      case 'downloadFormQr': r = await api('GET', `/forms/${q}/download?format=svg`); break;
      case 'getFormAnalytics': r = await api('GET', `/forms/${q}/analytics?period=week`); break;
      case 'getSubmissionSchema': r = await api('GET', `/forms/${q}/submission-schema`); break;
      case 'validateSubmission': r = await api('POST', `/forms/${q}/submissions/validate`, { answers: {} }); break;
      case 'batchDeleteSubmissions': r = await api('POST', `/forms/${q}/submissions/batch-delete`, { submissionIds: [await newSubmission(q)] }); break;
      case 'createSubmission': r = await api('POST', `/forms/${q}/submissions`, { answers: {} }); break;
      case 'listSubmissions': r = await api('GET', `/forms/${q}/submissions`); break;
      case 'getSubmission': r = await api('GET', `/submissions/${await newSubmission(q)}`); break;
      case 'updateSubmission': r = await api('PUT', `/submissions/${await newSubmission(q)}`, { answers: {} }); break;
      case 'deleteSubmission': r = await api('DELETE', `/submissions/${await newSubmission(q)}`); break;
      case 'uploadFormFile (category=form)': r = await upload(`/forms/${q}/uploads`, 'form', as); break;
      case 'uploadFormFile (category=submission)': r = await upload(`/forms/${q}/uploads`, 'submission', as); break;
      case 'deleteFormFile': r = await api('DELETE', `/forms/${q}/uploads/${ok(await upload(`/forms/${q}/uploads`, 'form', 'owner')).fileId}`); break;
      case 'uploadLogo': r = await upload('/account/uploads', 'logo', as); break;
      case 'listLogos': r = await api('GET', '/account/uploads'); break;
      case 'getWebhook': r = await api('GET', '/account/webhook'); break;
      case 'listPresets': r = await api('GET', '/qr-design-templates'); break;
      case 'generateFormDraft': r = await api('POST', '/form-ai-builder/generate', { prompt: `Sign-up form ${++made} with name and e-mail` }); break;
      case 'listTeamMembers': r = await api('GET', '/team/members'); break;
      case 'addTeamMember': r = await api('POST', '/team/members', { email: `new${++made}@roles.test`, password: 'x', userType: 'Viewer' }); break;
      case 'updateTeamMember': r = await api('PUT', `/team/members/${await newMember()}`, { name: 'Renamed' }); break;
      case 'deleteTeamMember': r = await api('DELETE', `/team/members/${await newMember()}`); break;
      // another member's password (creator editor2), or the caller's own (creator = caller)
      case 'resetTeamMemberPassword': r = await api('POST', `/team/members/${memberIds[creator]}/reset-password`, { oldPass: 'sandbox-password', newPass: 'sandbox-password', confirmPass: 'sandbox-password' }); break;
      case 'renameTeam': r = await api('PATCH', '/team', { teamName: 'Roles', password: 'sandbox-password' }); break;
      case 'listTemplateCategories': r = await api('GET', '/form-templates/categories?items=1'); break;
      case 'listTemplates': r = await api('GET', `/form-templates?categoryId=${CATEGORIES[0]!.id}`); break;
      case 'getTemplate': r = await api('GET', `/form-templates/${GALLERY[0]!.id}`); break;
      case 'getTemplateFormCreate': r = await api('GET', `/form-templates/${GALLERY[0]!.id}/form-create`); break;
      case 'listFavoriteTemplates': r = await api('GET', '/form-templates/favorites'); break;
      case 'listMyTemplates': r = await api('GET', '/form-templates/mine'); break;
      case 'addFavoriteTemplate': r = await api('PUT', `/form-templates/${GALLERY[1]!.id}/favorite`); break;
      case 'removeFavoriteTemplate': r = await api('DELETE', `/form-templates/${GALLERY[1]!.id}/favorite`); break;
      case 'shareTemplate': r = await api('POST', `/form-templates/${GALLERY[2]!.id}/share`, { recipients: 'a@example.com' }); break;
      case 'saveTemplate': r = await api('POST', '/form-templates', { categoryId: CATEGORIES[1]!.id, title: 'Saved', form: { title: 'Saved', fields: { k: { name: 'FormEmail', option: {} } } } }); break;
      case 'putWebhook': r = await api('PUT', '/account/webhook', { enabled: false, url: '' }); break;
      default: throw new Error(`no request for ${op}`);
    }
    return { status: r.status, message: typeof r.body === 'object' ? String(r.body.message ?? '') : '' };
  }

  /** What a cell of the spec means for a request on another member's form, and on the caller's own. */
  function satisfies(cell: Cell, other: Outcome, own: Outcome): boolean {
    const allowed = (o: Outcome) => o.status >= 200 && o.status < 300;
    const refused = (o: Outcome, status: number) => o.status === status && /cannot|can only/.test(o.message);
    if (cell === 'ok') return allowed(other) && allowed(own);
    if (cell === 'own') return refused(other, 400) && allowed(own);
    return refused(other, cell) && refused(own, cell);
  }

  it('covers every operation the sandbox serves', () => {
    const ops = new Set(API_ROUTES.map((r) => r.operationId));
    const specOps = new Set(Object.keys(SPEC).map((k) => k.replace(/ \(.*\)$/, '')));
    expect([...ops].sort()).toEqual([...specOps].sort());
    // and every action the routes use is in the table of src/domain/roles.ts
    for (const r of API_ROUTES) expect(ROLE_TABLE[r.action]).toBeDefined();
  });

  it('answers every cell as spec §5 says', async () => {
    const rows: string[] = [];
    const wrong: string[] = [];
    for (const op of Object.keys(SPEC)) {
      const cells: string[] = [];
      for (const role of ROLES) {
        const as = SEED_ROLE[role];
        const other = await call(op, as, 'editor2'); // a form another member made
        // a form the caller made; Viewers cannot make one, so theirs is the other member's again
        // (their own password they can change: that cell is about the member, not a form)
        const own = role === 'Viewer' && op !== 'resetTeamMemberPassword' ? other : await call(op, as, as);
        const cell = SPEC[op]![role]!;
        const pass = satisfies(cell, other, own);
        cells.push(`${pass ? '' : '✗ '}${cell === 'ok' ? other.status : cell === 'own' ? `own/${other.status}` : other.status}`);
        if (!pass) wrong.push(`${op} as ${role}: expected ${cell}, got ${other.status} "${other.message}" / own ${own.status} "${own.message}"`);
      }
      rows.push(`| ${op} | ${cells.join(' | ')} |`);
    }
    process.stdout.write(`\nspec §5 role × route table (${rows.length} operations × ${ROLES.length} roles = ${rows.length * ROLES.length} cells)\n| operation | ${ROLES.join(' | ')} |\n|---|---|---|---|---|\n${rows.join('\n')}\n`);
    expect(wrong).toEqual([]);
  });

  it('checks the quota and the subscription before the role (spec §7 order)', async () => {
    await sb.admin('PUT', '/_sandbox/account', { subscription: 'expired' });
    try {
      const r = await sb.api('POST', '/forms', { as: 'viewer', body: FORM });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/free plan/);
      expect((await sb.api('GET', '/account/webhook', { as: 'editor' })).status).toBe(400);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { subscription: 'active' });
    }
    // an ineligible plan's 400 comes before the role's 403
    await sb.admin('PUT', '/_sandbox/account', { plan: 'starter' });
    try {
      const r = await sb.api('GET', '/team/members', { as: 'viewer' });
      expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/does not include team members/)]);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { plan: 'enterprise' });
    }
    await sb.admin('PUT', '/_sandbox/account', { quota: 0 });
    try {
      expect((await sb.api('GET', '/account/webhook', { as: 'viewer' })).status).toBe(429);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { quota: null });
    }
  });
});
