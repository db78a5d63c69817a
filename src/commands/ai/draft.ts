import { generateDraft } from '../../api/resources/ai.js';
import { createForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { draftChanges } from '../../domain/drafter/changes.js';
import type { Draft as DrafterDraft } from '../../domain/drafter/types.js';
import { CancelError, UsageError } from '../../errors.js';
import { outline } from '../../output/outline.js';
import { editDraft, readDraftFile, saveDraftFile, type Draft } from './draftFiles.js';

interface Opts {
  refine?: string[];
  create?: boolean;
  output?: string;
  json?: boolean;
  from?: string;
}

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
async function ask(deps: Deps, prompt: string, current?: Draft): Promise<Draft> {
  deps.info(current ? `Refining the draft: "${prompt}" (1 request)…` : `Drafting: "${prompt}" (1 request)…`);
  return generateDraft(await deps.client(), prompt, current ? shape(current) : undefined);
}

async function create(deps: Deps, draft: Draft): Promise<void> {
  const form = await createForm(await deps.client(), shape(draft) as never);
  deps.info(`Created form ${form.qrId} "${form.title}" with ${form.fields.length} fields: ${form.shortUrl}`);
  deps.io.stdout.write(deps.io.isStdoutTTY ? `${form.qrId}\n` : `${JSON.stringify(form, null, 2)}\n`);
}

/** Says what a refinement or an edit changed (stderr). */
function sayChanges(deps: Deps, before: Draft, after: Draft): void {
  const lines = draftChanges(before as DrafterDraft, after as DrafterDraft);
  deps.info(lines.length ? `Changed:\n  ${lines.join('\n  ')}` : 'Nothing changed.');
}

const NEXT = [
  { name: 'Refine it with a sentence (1 request)', value: 'refine', description: 'e.g. add a phone field; make the e-mail optional; move Phone to the top; in Spanish' },
  { name: 'Edit it in $EDITOR (no request)', value: 'edit' },
  { name: 'Create this form (1 request)', value: 'create' },
  { name: 'Save the draft to a file (no request)', value: 'save', description: 'go on later with formctl ai draft --from FILE' },
  { name: 'Start again from a new prompt (1 request)', value: 'again' },
  { name: 'Quit', value: 'quit' },
] as const;

/** The terminal loop: refine, edit, create, save, start again, quit; each change said. */
async function loop(deps: Deps, start: Draft): Promise<void> {
  const p = deps.prompter();
  let draft = start;
  let saved = false;
  for (;;) {
    deps.io.stdout.write(`\n${outline(draft)}\n`);
    if (!deps.io.canPrompt) {
      deps.info(`Not asking what next (${deps.io.ci ? 'CI is set' : 'stdin is not a terminal'}): pass --create to create it, or -o json to print it.`);
      return;
    }
    // Ctrl-C here is a wish to leave, as Quit is: a draft that cost requests is not dropped unasked
    const next = await p.select('What next?', [...NEXT], '--create').catch((e: unknown) => {
      if (e instanceof CancelError) return 'quit' as const;
      throw e;
    });
    if (next === 'quit') {
      if (saved) return;
      const leaving = await p.select('Discard the draft?', [
        { name: 'No, go on with it', value: 'stay' },
        { name: 'Save it to a file first (go on later with --from FILE)', value: 'save' },
        { name: 'Yes, discard it', value: 'discard' },
      ], '-o json > FILE', 'stay');
      if (leaving === 'discard') throw new CancelError('nothing created');
      if (leaving === 'stay') continue;
    }
    if (next === 'create') return create(deps, draft);
    try {
      const before = draft;
      if (next === 'save' || next === 'quit') {
        const file = (await p.input('Save to file:', '-o json > FILE', 'form-draft.json')).trim();
        saveDraftFile(file, shape(draft));
        deps.info(`Saved to ${file}: go on with formctl ai draft --from ${file}, or create it with formctl forms create --file ${file}`);
        if (next === 'quit') return;
        saved = true;
        continue;
      }
      if (next === 'edit') draft = (await editDraft(deps, shape(draft))) ?? draft;
      else if (next === 'refine') draft = await ask(deps, checkPrompt('instruction', await p.input('Refine:', '--refine')), draft);
      else draft = await ask(deps, checkPrompt('prompt', await p.input('New prompt:', 'PROMPT')));
      if (next !== 'again') sayChanges(deps, before, draft);
      if (draft !== before) saved = false;
    } catch (e) {
      // a refused instruction, a too short prompt, a bad edit: said, and the loop goes on with the same draft
      if (e instanceof CancelError) throw e;
      deps.warn((e as Error).message);
    }
  }
}

/**
 * `ai draft`: a draft from a sentence (or from a saved draft, --from), refined by instructions. In a
 * pipe (or with -o) the draft JSON, ready for `forms create --file -`; on a terminal an outline and a
 * loop: refine, edit in $EDITOR, create, save, start again, quit. --create creates it at once.
 */
export async function run(deps: Deps, [prompt]: unknown[], opts: Opts): Promise<void> {
  // --json, as on every verb that prints JSON; -o wins when both are given
  if (opts.json && opts.output === undefined) opts = { ...opts, output: 'json' };
  if (opts.output !== undefined && !['json', 'yaml'].includes(opts.output)) throw new UsageError(`--output: "${opts.output}" is not a format here; expected json or yaml`);
  if (prompt === undefined && opts.from === undefined) throw new UsageError('the prompt: describe the form (at least 10 characters), or pass --from FILE to go on with a saved draft');
  const first = prompt === undefined ? undefined : checkPrompt(opts.from ? 'the instruction' : 'the prompt', String(prompt));
  const refinements = (opts.refine ?? []).map((r) => checkPrompt('--refine', r));
  const saved = opts.from !== undefined ? await readDraftFile(deps, opts.from) : undefined;
  // the client (and the embedded sandbox) only once a request is to be sent: --from FILE -o json sends none
  let draft = saved ?? (await ask(deps, first!));
  if (saved && first) draft = await ask(deps, first, draft);
  for (const r of refinements) draft = await ask(deps, r, draft);
  if (opts.create) return create(deps, draft);
  const interactive = deps.io.isStdoutTTY && opts.output === undefined;
  if (!interactive) return print(deps, draft, opts.output);
  return loop(deps, draft);
}
