import { existsSync } from 'node:fs';
import { generateDraft } from '../../api/resources/ai.js';
import { createForm } from '../../api/resources/forms.js';
import { listPresets } from '../../api/resources/presets.js';
import { listCategories, listTemplates, templateFormCreate } from '../../api/resources/templates.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { FormDraft } from '../../domain/contract/schemas.js';
import { readJsonInput } from '../../cmdutil/input.js';
import { checkOutputPath } from '../../cmdutil/outputPath.js';
import { SCORED_TYPES } from '../../domain/fieldTypes.js';
import { isPlan, PLAN_LIMITS } from '../../domain/plans.js';
import { CancelError, UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../io/atomicFile.js';
import { outline } from '../../output/outline.js';
import { askScore, BACK, backChoice, editField, newField, nonEmpty } from './builderField.js';

// The form builder: `formctl forms create` with no flags on a terminal. Questions only (no request)
// until the end, except where the user asks for a template, a draft or a preset; one create at the end.
// Every select has a way back; work is never dropped without a question, nor a file overwritten.

export { cascadeOf, type BuilderField } from './builderField.js';

/** The form being built: the draft shape (spec §4.7), which templates and the AI builder answer with. */
export type BuilderForm = FormDraft;

/** What `--resume FILE` reads back: a builder session saved half-way. */
export interface SavedSession {
  formctlBuilder: 1;
  form: BuilderForm;
}

export interface BuildOptions {
  /** overwrite an existing draft file without asking */
  force?: boolean;
}

async function pickField(deps: Deps, form: BuilderForm, message: string): Promise<number | undefined> {
  const choices = form.fields.map((f, i) => ({ name: `${i + 1}. ${f.type} ${String(f.option.label ?? '')}`, value: String(i) }));
  const picked = await deps.prompter().select(message, [...choices, backChoice()], '--file');
  return picked === BACK ? undefined : Number(picked);
}

/** spec §2.5 and §8: the quiz settings, with what the plan allows said before it would fail. */
async function quizSettings(deps: Deps, form: BuilderForm): Promise<void> {
  const p = deps.prompter();
  form.isQuiz = await p.confirm('Is it a quiz (scored answers)?', '--quiz', form.isQuiz === true);
  if (!form.isQuiz) {
    delete form.quizConfig;
    for (const f of form.fields) {
      delete f.quizConfig;
      delete f.option.disableQuiz;
    }
    return;
  }
  const plan = deps.target().plan;
  const advanced = plan && isPlan(plan) ? PLAN_LIMITS[plan].advancedQuiz : undefined;
  deps.info(advanced === false
    ? `The ${plan} plan allows the pass mark of 70 only, no time limit and no shuffling (Business and above: all of them).`
    : 'A pass mark other than 70, a time limit and shuffling need a Business plan or above.');
  const q: Record<string, unknown> = { ...(form.quizConfig ?? {}) };
  q.showFinalScore = await p.confirm('Show the final score?', '--file', q.showFinalScore !== false);
  q.showAnswersResults = await p.confirm('Show the correct answers afterwards?', '--file', q.showAnswersResults !== false);
  if (advanced !== false) {
    const pass = Number(await p.input('Pass mark (percent):', '--file', String(q.passingScore ?? 70)));
    if (Number.isFinite(pass) && pass >= 0 && pass <= 100) q.passingScore = pass;
  }
  form.quizConfig = q;
  // the author says which questions are scored: each one not decided yet is asked once
  for (const f of form.fields) if (SCORED_TYPES.includes(f.type) && !f.quizConfig && f.option.disableQuiz === undefined) await askScore(deps, f);
}

async function fromTemplate(deps: Deps, client: () => Promise<ApiClient>): Promise<BuilderForm | undefined> {
  const p = deps.prompter();
  const c = await client();
  const categories = (await listCategories(c)).map((x) => ({ name: x.name, value: x.id }));
  for (;;) {
    const category = await p.select('Category:', [...categories, backChoice()], '--file');
    if (category === BACK) return undefined;
    const template = await p.select('Template:', [...(await listTemplates(c, category)).map((t) => ({ name: t.title, value: t.id })), backChoice()], '--file');
    if (template !== BACK) return (await templateFormCreate(c, template)) as BuilderForm;
  }
}

async function startingPoint(deps: Deps, client: () => Promise<ApiClient>): Promise<BuilderForm> {
  const p = deps.prompter();
  for (;;) {
    const from = await p.select('Start from:', [
      { name: 'A blank form', value: 'blank' },
      { name: 'A template (browse the gallery)', value: 'template' },
      { name: 'A sentence (the AI builder drafts it; 1 request)', value: 'ai' },
      { name: 'A JSON or YAML file', value: 'file' },
    ], '--file FORM.json');
    if (from === 'template') {
      const form = await fromTemplate(deps, client);
      if (form) return form;
      continue;
    }
    if (from === 'ai') {
      const prompt = await nonEmpty(p, 'Describe the form in a sentence:');
      deps.info('Drafting (1 request)…');
      return (await generateDraft(await client(), prompt)) as BuilderForm;
    }
    if (from === 'file') return (await readJsonInput(deps.io, await nonEmpty(p, 'File:'), 'file')) as BuilderForm;
    return { title: '', shortText: '', fields: [] };
  }
}

/** Writes the session for --resume; an existing file is replaced only when the user says so (or --force). */
async function saveDraft(deps: Deps, form: BuilderForm, opts: BuildOptions): Promise<void> {
  const p = deps.prompter();
  for (;;) {
    const path = await nonEmpty(p, 'Save to file:', 'form-draft.json');
    try {
      if (existsSync(path) && !opts.force) {
        // off a terminal: the rule of every command that writes a file (pass --force)
        if (!deps.io.canPrompt) checkOutputPath('Save to file', path, { force: false });
        if (!(await p.confirm(`${path} exists. Overwrite it?`, '--force', false))) continue;
      }
      checkOutputPath('Save to file', path);
    } catch (e) {
      if (!(e instanceof UsageError) || !deps.io.canPrompt) throw e;
      deps.warn(e.message);
      continue;
    }
    const saved: SavedSession = { formctlBuilder: 1, form };
    writeFileAtomic(path, `${JSON.stringify(saved, null, 2)}\n`, 0o600);
    deps.info(`Saved. Go on with: formctl forms create --resume ${path}`);
    return;
  }
}

/** Ctrl-C or Cancel: with fields in the session, asks first. "stay" goes on building. */
async function leave(deps: Deps, form: BuilderForm, opts: BuildOptions): Promise<'discard' | 'saved' | 'stay'> {
  const n = form.fields.length;
  if (n === 0) return 'discard';
  const fields = `${n} field${n === 1 ? '' : 's'}`;
  const choice = await deps.prompter().select(`Discard ${fields}?`, [
    { name: 'No, go on building', value: 'stay' },
    { name: 'Save a draft file first (resume with --resume FILE)', value: 'save' },
    { name: `Yes, discard ${fields}`, value: 'discard' },
  ], '--file', 'stay');
  if (choice !== 'save') return choice as 'discard' | 'stay';
  await saveDraft(deps, form, opts);
  return 'saved';
}

async function titleAndText(deps: Deps, form: BuilderForm): Promise<void> {
  const p = deps.prompter();
  form.title = await nonEmpty(p, 'Title:', form.title || undefined);
  form.shortText = (await p.input('Short text (under the title):', '--short-text', form.shortText ?? '')).trim();
}

/** One round of the menu: 'create' and 'saved' end the builder. */
async function round(deps: Deps, form: BuilderForm, client: () => Promise<ApiClient>, opts: BuildOptions): Promise<'create' | 'saved' | undefined> {
  const p = deps.prompter();
  deps.io.stderr.write(`\n${outline({ ...form, title: form.title || '(untitled)' })}\n`);
  const has = form.fields.length > 0;
  const next = await p.select('What next?', [
    { name: 'Add a field', value: 'add' },
    ...(has ? [{ name: 'Edit a field (its type too)', value: 'edit' }, { name: 'Move a field', value: 'move' }, { name: 'Remove a field', value: 'remove' }] : []),
    { name: form.isQuiz ? 'Quiz settings' : 'Make it a quiz', value: 'quiz' },
    { name: 'QR design preset (1 request for the list)', value: 'preset' },
    { name: 'Save to a file and stop (resume with --resume FILE)', value: 'save' },
    ...(has ? [{ name: 'Create the form (1 request)', value: 'create' }] : []),
    { name: 'Cancel', value: 'cancel' },
    backChoice('Back (title and short text)'),
  ], '--file FORM.json');
  switch (next) {
    case 'add': {
      const field = await newField(deps, form.isQuiz === true);
      if (field) form.fields.push(field);
      return undefined;
    }
    case 'edit': {
      const i = await pickField(deps, form, 'Edit which field?');
      if (i !== undefined) form.fields[i] = await editField(deps, form.fields[i]!, form.isQuiz === true);
      return undefined;
    }
    case 'move': {
      const i = await pickField(deps, form, 'Move which field?');
      if (i === undefined) return undefined;
      const to = await p.select('To position:', [...form.fields.map((_, n) => ({ name: String(n + 1), value: String(n) })), backChoice()], '--file');
      if (to === BACK) return undefined;
      const [moved] = form.fields.splice(i, 1);
      form.fields.splice(Number(to), 0, moved!);
      return undefined;
    }
    case 'remove': {
      const i = await pickField(deps, form, 'Remove which field?');
      if (i !== undefined && (await p.confirm(`Remove "${String(form.fields[i]!.option.label)}"?`, '--file', true))) form.fields.splice(i, 1);
      return undefined;
    }
    case 'quiz':
      await quizSettings(deps, form);
      return undefined;
    case 'preset': {
      const presets = await listPresets(await client());
      const id = await p.select('Preset:', [{ name: '(none: the default design)', value: '' }, ...presets.map((x) => ({ name: x.id, value: x.id })), backChoice()], '--file');
      if (id === BACK) return undefined;
      if (id) form.qrConfig = { ...presets.find((x) => x.id === id)!.config };
      else delete form.qrConfig;
      return undefined;
    }
    case 'save':
      await saveDraft(deps, form, opts);
      return 'saved';
    case 'create':
      return 'create';
    case BACK:
      await titleAndText(deps, form);
      return undefined;
    default:
      throw new CancelError('nothing created');
  }
}

/**
 * Runs the builder. Ctrl-C or Cancel with fields in the session asks first (discard, save a draft,
 * or go on); "save and stop" writes the session to a file that `--resume FILE` reads back.
 */
export async function build(deps: Deps, client: () => Promise<ApiClient>, resumed?: BuilderForm, opts: BuildOptions = {}): Promise<BuilderForm | undefined> {
  const form = resumed ?? (await startingPoint(deps, client));
  form.fields ??= [];
  let titled = false;
  for (;;) {
    try {
      if (!titled) await titleAndText(deps, form);
      titled = true;
      const end = await round(deps, form, client, opts);
      if (end === 'create') return form;
      if (end === 'saved') return undefined;
    } catch (e) {
      if (!(e instanceof CancelError)) throw e;
      const choice = await leave(deps, form, opts);
      if (choice === 'discard') throw new CancelError('nothing created');
      if (choice === 'saved') return undefined;
    }
  }
}

/** A saved session (or a plain form body) for --resume. */
export async function readSession(deps: Deps, path: string): Promise<BuilderForm> {
  const raw = (await readJsonInput(deps.io, path, '--resume')) as Partial<SavedSession> & Partial<BuilderForm>;
  const form = raw?.formctlBuilder === 1 ? raw.form : (raw as BuilderForm);
  if (!form || typeof form !== 'object' || !Array.isArray(form.fields)) throw new UsageError(`--resume ${path}: not a saved builder session (expected {formctlBuilder: 1, form}) nor a form body`);
  return form;
}

/** The end of the builder: one create, then the form with its QR code drawn. */
export async function createBuilt(deps: Deps, client: ApiClient, form: BuilderForm, check: (body: unknown) => unknown): Promise<void> {
  const body = check(form);
  const created = await createForm(client, body as never);
  deps.info(`Created form ${created.qrId} "${created.title}": ${created.shortUrl}`);
  const { default: QRCode } = await import('qrcode');
  const { renderQrTerminal } = await import('../../output/qrTerminal.js');
  const qr = QRCode.create(created.shortUrl, { errorCorrectionLevel: 'M' });
  deps.io.stderr.write(renderQrTerminal(qr.modules.size, (x, y) => qr.modules.get(y, x) === 1));
  deps.io.stdout.write(`${created.qrId}\n`);
}
