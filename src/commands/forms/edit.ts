import { editorCommand, runEditor, shellQuoted as quoted } from '../../cmdutil/editor.js';
import { existsSync, readFileSync } from 'node:fs';
import { getForm, updateForm, type Form } from '../../api/resources/forms.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { parseJsonText, parseYamlText, requireQrId } from '../../cmdutil/input.js';
import { ApiError, CancelError, ExitWith, UsageError } from '../../errors.js';
import { checkFormUpdate } from '../../domain/form.js';
import { removalCount, summarizeEdit } from '../../domain/editSummary.js';
import { definitionOf, sorted, type DefField, type Definition, type RemoteForm } from '../../domain/formCode.js';
import { rejectProblems } from './body.js';
import { isEmptyEdit, isOwnEdit, keptEdits, newEditFile, readFromFile, removeOwnEdit } from './editFile.js';
import { printForm } from './present.js';
import { formView } from './views.js';
import { forgetFormSchema } from '../../cmdutil/localFiles.js';

interface Opts {
  yaml?: boolean;
  from?: string;
  /** false with --no-editor */
  editor?: boolean;
  yes?: boolean;
}

/** The documented, writable properties of a form (spec §2.2), as the editor shows them. */
function editable(form: Form): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    title: form.title,
    shortText: form.shortText,
    fields: form.fields.map((f) => ({ key: f.key, type: f.type, option: f.option, ...(f.quizConfig ? { quizConfig: f.quizConfig } : {}) })),
    qrConfig: form.qrConfig ?? {},
    isQuiz: form.isQuiz === true,
    submissionNotification: form.submissionNotification !== false,
  };
  if (form.isQuiz) doc.quizConfig = form.quizConfig ?? {};
  return doc;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed, as a partial update: top-level properties that differ; `fields` only when a field
 * changed, with keys kept, and a field's quizConfig only when it was edited (the service never returns
 * correct answers, so an untouched quizConfig is left as the service has it).
 */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const k of Object.keys(after)) if (k !== 'fields' && !same(before[k], after[k])) patch[k] = after[k];
  for (const k of Object.keys(before)) if (!(k in after) && k !== 'fields' && k !== 'quizConfig') throw new UsageError(`"${k}" was removed: properties cannot be unset here (set them to a value instead)`);
  if (!same(before.fields, after.fields)) {
    if (!Array.isArray(after.fields)) throw new UsageError('"fields" must stay a list');
    const old = new Map((before.fields as Array<{ key: string; quizConfig?: unknown }>).map((f) => [f.key, f]));
    patch.fields = (after.fields as Array<Record<string, unknown>>).map((f) => {
      const prev = typeof f.key === 'string' ? old.get(f.key) : undefined;
      const out: Record<string, unknown> = { ...f };
      if (prev && same(prev.quizConfig, f.quizConfig)) delete out.quizConfig;
      return out;
    });
  }
  return patch;
}

async function render(form: Form, id: string, yaml: boolean): Promise<string> {
  if (!yaml) return `${JSON.stringify(editable(form), null, 2)}\n`;
  const { stringify } = await import('yaml');
  return `# ${form.title} (${id}): edit and save; keys keep existing fields. Correct answers are never shown.\n# Empty the file to send nothing.\n${stringify(editable(form))}`;
}


/** One edit: its file, and whether it is over (sent, or nothing to send); an edit not over is kept. */
interface Session {
  id: string;
  file?: string;
  /** the text formctl wrote into its own file: a file still holding it has nothing to keep */
  original?: string;
  over: boolean;
}

/** At the end of the run, whatever ended it: formctl's own file goes once over; an unsent edit stays, named last. */
function settle(deps: Deps, s: Session): void {
  const env = deps.io.env;
  if (!s.file || !existsSync(s.file)) return;
  const untouched = s.original !== undefined && readFileSync(s.file, 'utf8') === s.original;
  if (s.over || (untouched && isOwnEdit(env, s.file))) return removeOwnEdit(env, s.file);
  deps.info(`Your edit is kept in ${s.file}: send it with  formctl forms edit ${s.id} --from ${quoted(s.file)}`);
}

/** spec §4.1 answers are keyed by field key: an edit that removes fields or options is said and confirmed first. */
async function confirmRemovals(deps: Deps, form: Form, after: Record<string, unknown>, fields: unknown, yes: boolean | undefined): Promise<void> {
  const summary = summarizeEdit(form as RemoteForm, { ...(after as unknown as Definition), fields: (fields ?? form.fields) as DefField[] });
  if (summary.lines.length) deps.info(`Changes to ${form.qrId}:\n${summary.lines.map((l) => `  ${l}`).join('\n')}`);
  const removed = removalCount(summary);
  if (!removed || yes) return;
  if (!deps.io.canPrompt) {
    throw new UsageError(`this edit removes ${removed} (the answers of a removed field can no longer be read): pass --yes to send it (${deps.io.ci ? 'CI is set' : 'stdin is not a terminal'}, so formctl cannot ask)`);
  }
  if (!(await deps.prompter().confirm(`Send it, removing ${removed}?`, '--yes', false))) throw new CancelError('nothing sent');
}

/** Checks the edited text and sends what changed; the session is over once sent (or when nothing changed). */
async function send(deps: Deps, client: ApiClient, form: Form, s: Session, text: string, opts: Opts): Promise<void> {
  const file = s.file!;
  const yaml = /\.ya?ml$/i.test(file);
  const after = (yaml ? await parseYamlText(text, file) : parseJsonText(text, file)) as Record<string, unknown>;
  if (!after || typeof after !== 'object' || Array.isArray(after)) throw new UsageError(`${file}: the form must stay an object`);
  const before = editable(form);
  const patch = changesOf(before, opts.from === undefined ? after : asEdit(form, before, after));
  if (Object.keys(patch).length === 0) {
    s.over = true;
    deps.info(`No changes: nothing sent for ${s.id}.`);
    return;
  }
  const check = checkFormUpdate(patch);
  if (!check.ok) rejectProblems('the edited form', check.problems);
  await confirmRemovals(deps, form, after, check.value.fields, opts.yes);
  deps.info(`Sending ${Object.keys(patch).join(', ')} (1 request)…`);
  const updated = await updateForm(client, s.id, check.value);
  forgetFormSchema(deps, s.id);
  s.over = true;
  await printForm(deps, updated);
}

/**
 * A file given with --from may be what `forms pull` writes: the properties it leaves out stay as they
 * are, and its fields (options without their server keys) are unchanged when they are the form's.
 */
function asEdit(form: Form, before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...before, ...after };
  if (same(sorted(definitionOf(form as RemoteForm).fields), sorted(after.fields))) merged.fields = before.fields;
  return merged;
}

/** What the user can fix in the file: a local check, or the service refusing the form (400). */
const fixable = (e: unknown) => e instanceof UsageError || (e instanceof ApiError && e.status === 400);

/**
 * `forms edit`: the form in $VISUAL/$EDITOR (or --from FILE), then one partial update of what
 * changed. The edit's file outlives every failure; the last line on stderr names it.
 */
export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(formView);
  const env = deps.io.env;
  if (opts.from !== undefined) readFromFile(opts.from);
  // --from sends the file as it is in scripts; on a terminal it opens it first, unless --no-editor.
  // Without a terminal no editor is started (it would wait on input that never comes)
  // an editor takes the terminal on stdin and stdout (stderr may go to a file)
  const { ci, isStdinTTY, isStdoutTTY } = deps.io;
  const canEdit = isStdinTTY && isStdoutTTY && !ci;
  if (opts.from === undefined && !canEdit) {
    const why = ci ? 'CI is set' : !isStdinTTY ? 'stdin is not a terminal' : 'stdout is not a terminal';
    throw new UsageError(`forms edit opens your editor, which needs a terminal, but ${why}: pass --from FILE (formctl forms pull ${id} --out FILE writes one to change)`);
  }
  const editor = opts.from === undefined || (canEdit && opts.editor !== false) ? editorCommand(env, 'then run formctl forms edit again (or send a file with --from FILE --no-editor)') : undefined;
  const s: Session = { id, file: opts.from, over: false };
  // registered before the client's own cleanups, so that its line is the last one
  deps.onCleanup(() => settle(deps, s));
  const client = await deps.client();
  const form = await getForm(client, id);
  if (opts.from === undefined) {
    const earlier = keptEdits(env, id).at(-1);
    if (earlier) deps.info(`An earlier edit of ${id} was not sent; it is kept in ${earlier} (send it with --from).`);
    s.original = await render(form, id, opts.yaml === true);
    s.file = newEditFile(env, id, opts.yaml ? 'yaml' : 'json', s.original);
  }
  for (;;) {
    if (editor) {
      const r = await runEditor(editor, s.file!, env);
      if (r.status !== 0) throw new UsageError(`the editor (${editor}) exited with ${r.status ?? r.signal}: nothing sent`);
    }
    const text = readFileSync(s.file!, 'utf8');
    if (isEmptyEdit(text)) {
      s.over = true;
      throw new ExitWith(1, `Aborted: the file is empty, nothing sent for ${id}.`);
    }
    if (text === s.original) {
      s.over = true;
      deps.info(`No changes: nothing sent for ${id}.`);
      return;
    }
    try {
      return await send(deps, client, form, s, text, opts);
    } catch (e) {
      if (!editor || !deps.io.canPrompt || !fixable(e)) throw e;
      deps.warn(`${(e as Error).message}${e instanceof ApiError ? ` (HTTP ${e.status})` : ''}`);
      if (!(await deps.prompter().confirm('Edit the file again?', '--from FILE', true))) throw e;
    }
  }
}
