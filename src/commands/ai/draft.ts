import { generateDraft, type FormDraft } from '../../api/resources/ai.js';
import { createForm } from '../../api/resources/forms.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError, UsageError } from '../../errors.js';
import { outline } from '../../output/outline.js';

interface Opts {
  refine?: string[];
  create?: boolean;
  output?: string;
}

type Draft = FormDraft & { locale?: string };

const MIN_PROMPT = 10;

function checkPrompt(flag: string, text: string): string {
  const t = text.trim();
  if (t.length < MIN_PROMPT) throw new UsageError(`${flag}: at least ${MIN_PROMPT} characters (spec §4.7); got ${t.length}`);
  return t;
}

/** The draft as currentForm takes it: the draft shape only. */
function shape(d: Draft): Draft {
  const out: Draft = { title: d.title, shortText: d.shortText, locale: d.locale, fields: d.fields.map((f) => ({ type: f.type, option: f.option, ...(f.quizConfig ? { quizConfig: f.quizConfig } : {}) })) };
  if (d.isQuiz) Object.assign(out, { isQuiz: true, quizConfig: d.quizConfig });
  return out;
}

async function print(deps: Deps, draft: Draft, format: string | undefined): Promise<void> {
  if (format === 'yaml') {
    const { stringify } = await import('yaml');
    deps.io.stdout.write(stringify(draft));
  } else deps.io.stdout.write(`${JSON.stringify(draft, null, 2)}\n`);
}

/** One request, said before it is sent: every call counts against the monthly quota (spec §4.7). */
async function ask(deps: Deps, client: ApiClient, prompt: string, current?: Draft): Promise<Draft> {
  deps.info(current ? `Refining the draft: "${prompt}" (1 request)…` : `Drafting: "${prompt}" (1 request)…`);
  return generateDraft(client, prompt, current ? shape(current) : undefined);
}

async function create(deps: Deps, client: ApiClient, draft: Draft): Promise<void> {
  const form = await createForm(client, shape(draft) as never);
  deps.info(`Created form ${form.qrId} "${form.title}" with ${form.fields.length} fields: ${form.shortUrl}`);
  deps.io.stdout.write(deps.io.isStdoutTTY ? `${form.qrId}\n` : `${JSON.stringify(form, null, 2)}\n`);
}

/** Edits one field locally (no request): its label, whether it is required, its options or rows. */
async function editField(deps: Deps, draft: Draft): Promise<void> {
  const p = deps.prompter();
  const choice = await p.select('Which field?', draft.fields.map((f, i) => ({ name: `${i + 1}. ${f.type} ${String(f.option.label ?? '')}`, value: String(i) })), '--refine');
  const field = draft.fields[Number(choice)]!;
  const label = await p.input('Label:', '--refine', String(field.option.label ?? ''));
  if (label.trim()) field.option.label = label.trim();
  field.option.required = await p.confirm('Required?', '--refine', field.option.required === true);
  const opts = field.option.options as Array<{ name: string; value: string }> | undefined;
  if (opts) {
    const names = await p.input('Options, comma-separated:', '--refine', opts.map((o) => o.name).join(', '));
    field.option.options = names.split(',').map((n) => n.trim()).filter(Boolean).map((n) => ({ name: n, value: n.toLowerCase().replace(/[^a-z0-9]+/g, '-') }));
  }
  const rows = field.option.rowLabels as string[] | undefined;
  if (rows) field.option.rowLabels = (await p.input('Rows, comma-separated:', '--refine', rows.join(', '))).split(',').map((r) => r.trim()).filter(Boolean);
}

/**
 * `ai draft`: a draft from a sentence, refined by instructions. In a pipe (or with -o) the draft
 * JSON, ready for `forms create --file -`; on a terminal an outline and a loop: create, refine, edit
 * a field, start again, cancel. --create creates it at once.
 */
export async function run(deps: Deps, [prompt]: unknown[], opts: Opts): Promise<void> {
  if (opts.output !== undefined && !['json', 'yaml'].includes(opts.output)) throw new UsageError(`--output: "${opts.output}" is not a format here; expected json or yaml`);
  const first = checkPrompt('the prompt', String(prompt ?? ''));
  const refinements = (opts.refine ?? []).map((r) => checkPrompt('--refine', r));
  const client = await deps.client();
  let draft = await ask(deps, client, first);
  for (const r of refinements) draft = await ask(deps, client, r, draft);
  if (opts.create) return create(deps, client, draft);
  const interactive = deps.io.isStdoutTTY && opts.output === undefined;
  if (!interactive) return print(deps, draft, opts.output);
  const p = deps.prompter();
  for (;;) {
    deps.io.stdout.write(`\n${outline(draft)}\n`);
    if (!deps.io.canPrompt) {
      deps.info('Not asking what next (stdin is not a terminal): pass --create to create it, or -o json to print it.');
      return;
    }
    const next = await p.select('What next?', [
      { name: 'Create this form (1 request)', value: 'create' },
      { name: 'Refine it with an instruction (1 request)', value: 'refine', description: 'e.g. add a phone field; make the e-mail optional; move Phone after Name' },
      { name: 'Edit a field here (no request)', value: 'edit' },
      { name: 'Start again from a new prompt (1 request)', value: 'again' },
      { name: 'Cancel', value: 'cancel' },
    ], '--create');
    if (next === 'cancel') throw new CancelError('nothing created');
    if (next === 'create') return create(deps, client, draft);
    try {
      if (next === 'edit') await editField(deps, draft);
      else if (next === 'refine') draft = await ask(deps, client, checkPrompt('instruction', await p.input('Instruction:', '--refine')), draft);
      else draft = await ask(deps, client, checkPrompt('prompt', await p.input('New prompt:', 'PROMPT')));
    } catch (e) {
      // a refused instruction or a too short prompt: said, and the loop goes on with the same draft
      if (e instanceof CancelError) throw e;
      deps.warn((e as Error).message);
    }
  }
}
