import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getForm, updateForm, type Form } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { parseJsonText, parseYamlText, requireQrId } from '../../cmdutil/input.js';
import { UsageError } from '../../errors.js';
import { checkFormUpdate } from '../../domain/form.js';
import { rejectProblems } from './body.js';
import { printForm } from './present.js';
import { formView } from './views.js';

interface Opts {
  yaml?: boolean;
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

function editorOf(env: NodeJS.ProcessEnv): string {
  const editor = env.VISUAL || env.EDITOR;
  if (!editor) throw new UsageError('set VISUAL or EDITOR to your editor (e.g. export EDITOR=nano), then run formctl forms edit again');
  return editor;
}

/** `forms edit`: the form in $VISUAL/$EDITOR, then one partial update of what changed (nothing when nothing did). */
export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(formView);
  const editor = editorOf(deps.io.env);
  const client = await deps.client();
  const form = await getForm(client, id);
  const before = editable(form);
  const dir = mkdtempSync(join(tmpdir(), 'formctl-edit-'));
  deps.onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, `${id}.${opts.yaml ? 'yaml' : 'json'}`);
  let text: string;
  if (opts.yaml) {
    const { stringify } = await import('yaml');
    text = `# ${form.title} (${id}): edit and save; keys keep existing fields. Correct answers are never shown.\n${stringify(before)}`;
  } else text = `${JSON.stringify(before, null, 2)}\n`;
  writeFileSync(file, text, { mode: 0o600 });
  for (;;) {
    // the editor gets the terminal; a command with arguments (code --wait) runs through the shell
    const r = spawnSync(`${editor} "${file}"`, { stdio: 'inherit', shell: true, env: deps.io.env });
    if (r.status !== 0) throw new UsageError(`the editor (${editor}) exited with ${r.status ?? r.signal}: nothing sent`);
    const edited = readFileSync(file, 'utf8');
    if (edited === text) {
      deps.info(`No changes: nothing sent for ${id}.`);
      return;
    }
    try {
      const after = (opts.yaml ? await parseYamlText(edited, file) : parseJsonText(edited, file)) as Record<string, unknown>;
      if (!after || typeof after !== 'object' || Array.isArray(after)) throw new UsageError(`${file}: the form must stay an object`);
      const patch = changesOf(before, after);
      if (Object.keys(patch).length === 0) {
        deps.info(`No changes: nothing sent for ${id}.`);
        return;
      }
      const check = checkFormUpdate(patch);
      if (!check.ok) rejectProblems('the edited form', check.problems);
      deps.info(`Sending ${Object.keys(patch).join(', ')} (1 request)…`);
      await printForm(deps, await updateForm(client, id, check.value));
      return;
    } catch (e) {
      if (!(e instanceof UsageError) || !deps.io.canPrompt) throw e;
      deps.warn(e.message);
      if (!(await deps.prompter().confirm('Edit the file again?', '--yes', true))) throw e;
      text = '';
    }
  }
}
