import { writeFileSync } from 'node:fs';
import { generateDraft } from '../../api/resources/ai.js';
import { createForm } from '../../api/resources/forms.js';
import { listPresets } from '../../api/resources/presets.js';
import { listCategories, listTemplates, templateFormCreate } from '../../api/resources/templates.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { readJsonInput } from '../../cmdutil/input.js';
import { FIELD_TYPES, SCORED_TYPES, type FieldType } from '../../domain/fieldTypes.js';
import { isPlan, PLAN_LIMITS } from '../../domain/plans.js';
import { CancelError, UsageError } from '../../errors.js';
import type { Prompter } from '../../io/prompter.js';
import { outline } from '../../output/outline.js';

// The form builder: `formctl forms create` with no flags on a terminal. Questions only (no request)
// until the end, except where the user asks for a template, a draft or a preset; one create at the end.

export interface BuilderField {
  type: FieldType;
  option: Record<string, unknown>;
  quizConfig?: { points: number; correctAnswers: string[] };
}

export interface BuilderForm {
  title: string;
  shortText: string;
  locale?: string;
  fields: BuilderField[];
  isQuiz?: boolean;
  quizConfig?: Record<string, unknown>;
  qrConfig?: Record<string, unknown>;
}

/** What `--resume FILE` reads back: a builder session saved half-way. */
export interface SavedSession {
  formctlBuilder: 1;
  form: BuilderForm;
}

const CHOICE: readonly FieldType[] = ['radio', 'checkbox', 'gender'];
const ROWS: readonly FieldType[] = ['sheet', 'checkList'];
const DISPLAY: readonly FieldType[] = ['title', 'description'];
const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
const value = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'option';

/** "Europe > France > Paris; Europe > Germany > Berlin" → the cascade tree of multipleLevelSelect */
export function cascadeOf(text: string): Array<Record<string, unknown>> {
  const root: Array<{ name: string; value: string; options?: unknown[] }> = [];
  for (const path of text.split(/\s*;\s*|\n/).map((p) => p.trim()).filter(Boolean)) {
    let level = root;
    for (const name of path.split(/\s*>\s*/).filter(Boolean)) {
      let node = level.find((n) => n.name === name);
      if (!node) level.push((node = { name, value: name }));
      level = (node.options ??= []) as typeof root;
    }
  }
  const prune = (nodes: typeof root): Array<Record<string, unknown>> => nodes.map((n) => (n.options?.length ? { name: n.name, value: n.value, options: prune(n.options as typeof root) } : { name: n.name, value: n.value }));
  return prune(root);
}

async function nonEmpty(p: Prompter, message: string, def?: string): Promise<string> {
  for (;;) {
    const v = (await p.input(message, '--file FORM.json', def)).trim();
    if (v) return v;
  }
}

/** The questions that fit a field's type (spec §2.4). */
async function askField(deps: Deps, form: BuilderForm, start?: BuilderField): Promise<BuilderField> {
  const p = deps.prompter();
  const type = start?.type ?? (await p.select('Field type:', FIELD_TYPES.map((t) => ({ name: t, value: t })), '--field'));
  const field: BuilderField = { type, option: { ...(start?.option ?? {}) } };
  field.option.label = await nonEmpty(p, DISPLAY.includes(type) ? 'Text:' : 'Label:', String(start?.option.label ?? ''));
  if (DISPLAY.includes(type)) return field;
  field.option.required = await p.confirm('Required?', '--field', start?.option.required === true);
  const hint = (await p.input('Hint (empty for none):', '--field', String(start?.option.hint ?? ''))).trim();
  if (hint) field.option.hint = hint;
  else delete field.option.hint;
  if (CHOICE.includes(type)) {
    const before = (start?.option.options as Array<{ name: string }> | undefined)?.map((o) => o.name).join(', ') ?? (type === 'gender' ? 'Female, Male, Other' : '');
    const names = list(await nonEmpty(p, 'Options, comma-separated:', before));
    field.option.options = names.map((n) => ({ name: n, value: value(n) }));
  }
  if (ROWS.includes(type)) {
    field.option.rowLabels = list(await nonEmpty(p, 'Rows, comma-separated:', (start?.option.rowLabels as string[] | undefined)?.join(', ') ?? ''));
    if (type === 'checkList') field.option.neutral = await p.confirm('Offer a neutral choice (_d3)?', '--field', start?.option.neutral === true);
  }
  if (type === 'multipleLevelSelect') {
    const tree = cascadeOf(await nonEmpty(p, 'Cascade, paths separated by ";" (e.g. Europe > France > Paris; Asia > Japan > Tokyo):'));
    field.option.options = tree;
  }
  if (form.isQuiz && SCORED_TYPES.includes(type)) {
    const points = Number(await p.input('Points for a correct answer:', '--file', String(start?.quizConfig?.points ?? 1)));
    const choices = (field.option.options as Array<{ name: string; value: string }> | undefined) ?? [];
    const answers = list(await nonEmpty(p, choices.length ? `Correct answer(s) among ${choices.map((c) => c.name).join(', ')}:` : 'Correct answer(s), comma-separated:', start?.quizConfig?.correctAnswers.join(', ')));
    const mapped = answers.map((a) => choices.find((c) => c.name.toLowerCase() === a.toLowerCase() || c.value === a)?.value ?? a);
    field.quizConfig = { points: Number.isFinite(points) && points > 0 ? points : 1, correctAnswers: mapped };
  } else delete field.quizConfig;
  return field;
}

async function pickField(p: Prompter, form: BuilderForm, message: string): Promise<number> {
  return Number(await p.select(message, form.fields.map((f, i) => ({ name: `${i + 1}. ${f.type} ${String(f.option.label ?? '')}`, value: String(i) })), '--file'));
}

/** spec §2.5 and §8: the quiz settings, with what the plan allows said before it would fail. */
async function quizSettings(deps: Deps, form: BuilderForm): Promise<void> {
  const p = deps.prompter();
  form.isQuiz = await p.confirm('Is it a quiz (scored answers)?', '--quiz', form.isQuiz === true);
  if (!form.isQuiz) {
    delete form.quizConfig;
    for (const f of form.fields) delete f.quizConfig;
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
  for (const [i, f] of form.fields.entries()) {
    if (SCORED_TYPES.includes(f.type) && !f.quizConfig) {
      deps.info(`Field ${i + 1} (${String(f.option.label)}) is scored: give its answer.`);
      form.fields[i] = await askField(deps, form, f);
    }
  }
}

async function startingPoint(deps: Deps, client: () => Promise<ApiClient>): Promise<BuilderForm> {
  const p = deps.prompter();
  const from = await p.select('Start from:', [
    { name: 'A blank form', value: 'blank' },
    { name: 'A template (browse the gallery)', value: 'template' },
    { name: 'A sentence (the AI builder drafts it; 1 request)', value: 'ai' },
    { name: 'A JSON or YAML file', value: 'file' },
  ], '--file FORM.json');
  if (from === 'template') {
    const c = await client();
    const category = await p.select('Category:', (await listCategories(c)).map((x) => ({ name: x.name, value: x.id })), '--file');
    const template = await p.select('Template:', (await listTemplates(c, category)).map((t) => ({ name: t.title, value: t.id })), '--file');
    return (await templateFormCreate(c, template)) as BuilderForm;
  }
  if (from === 'ai') {
    const prompt = await nonEmpty(p, 'Describe the form in a sentence:');
    deps.info('Drafting (1 request)…');
    return (await generateDraft(await client(), prompt)) as BuilderForm;
  }
  if (from === 'file') return (await readJsonInput(deps.io, await nonEmpty(p, 'File:'), 'file')) as BuilderForm;
  return { title: '', shortText: '', fields: [] };
}

/**
 * Runs the builder. Ctrl-C anywhere ends it with nothing created (exit 130); "save and stop" writes
 * the session to a file that `--resume FILE` reads back.
 */
export async function build(deps: Deps, client: () => Promise<ApiClient>, resumed?: BuilderForm): Promise<BuilderForm | undefined> {
  const p = deps.prompter();
  const form = resumed ?? (await startingPoint(deps, client));
  form.fields ??= [];
  form.title = await nonEmpty(p, 'Title:', form.title || undefined);
  form.shortText = (await p.input('Short text (under the title):', '--short-text', form.shortText ?? '')).trim();
  for (;;) {
    deps.io.stderr.write(`\n${outline({ ...form, title: form.title || '(untitled)' })}\n`);
    const has = form.fields.length > 0;
    const next = await p.select('What next?', [
      { name: 'Add a field', value: 'add' },
      ...(has ? [{ name: 'Edit a field', value: 'edit' }, { name: 'Move a field', value: 'move' }, { name: 'Remove a field', value: 'remove' }] : []),
      { name: form.isQuiz ? 'Quiz settings' : 'Make it a quiz', value: 'quiz' },
      { name: 'QR design preset (1 request for the list)', value: 'preset' },
      { name: 'Save to a file and stop (resume with --resume FILE)', value: 'save' },
      ...(has ? [{ name: 'Create the form (1 request)', value: 'create' }] : []),
      { name: 'Cancel', value: 'cancel' },
    ], '--file FORM.json');
    switch (next) {
      case 'add':
        form.fields.push(await askField(deps, form));
        break;
      case 'edit': {
        const i = await pickField(p, form, 'Edit which field?');
        form.fields[i] = await askField(deps, form, form.fields[i]);
        break;
      }
      case 'move': {
        const i = await pickField(p, form, 'Move which field?');
        const to = Number(await p.select('To position:', form.fields.map((_, n) => ({ name: String(n + 1), value: String(n) })), '--file'));
        const [moved] = form.fields.splice(i, 1);
        form.fields.splice(to, 0, moved!);
        break;
      }
      case 'remove': {
        const i = await pickField(p, form, 'Remove which field?');
        if (await p.confirm(`Remove "${String(form.fields[i]!.option.label)}"?`, '--file', true)) form.fields.splice(i, 1);
        break;
      }
      case 'quiz':
        await quizSettings(deps, form);
        break;
      case 'preset': {
        const presets = await listPresets(await client());
        const id = await p.select('Preset:', [{ name: '(none: the default design)', value: '' }, ...presets.map((x) => ({ name: x.id, value: x.id }))], '--file');
        if (id) form.qrConfig = { ...presets.find((x) => x.id === id)!.config };
        else delete form.qrConfig;
        break;
      }
      case 'save': {
        const path = await nonEmpty(p, 'Save to file:', 'form-draft.json');
        const saved: SavedSession = { formctlBuilder: 1, form };
        writeFileSync(path, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
        deps.info(`Saved. Go on with: formctl forms create --resume ${path}`);
        return undefined;
      }
      case 'create':
        return form;
      case 'cancel':
        throw new CancelError('nothing created');
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
