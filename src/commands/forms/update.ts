import { getForm, updateForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';
import { checkFormUpdate } from '../../domain/form.js';
import { withSpinner } from '../../output/progress.js';
import { checkPlanLocally, readBodyFile, rejectProblems } from './body.js';
import { parseFieldSpec } from './fieldSpec.js';
import { printForm } from './present.js';
import { formView } from './views.js';
import { forgetFormSchema } from '../../cmdutil/localFiles.js';

interface Opts {
  title?: string;
  shortText?: string;
  locale?: string;
  notify?: boolean;
  addField?: string[];
  removeField?: string[];
  replaceFields?: boolean;
  file?: string;
}

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(formView);
  const body = await readBodyFile(deps, opts.file);
  if (opts.title !== undefined) body.title = opts.title;
  if (opts.shortText !== undefined) body.shortText = opts.shortText;
  if (opts.locale !== undefined) body.locale = opts.locale;
  if (opts.notify !== undefined) body.submissionNotification = opts.notify;
  const added = (opts.addField ?? []).map(parseFieldSpec);
  const removed = new Set(opts.removeField ?? []);
  const editsFields = added.length > 0 || removed.size > 0;
  if (editsFields && body.fields !== undefined) throw new UsageError('--add-field/--remove-field cannot be combined with "fields" in --file');
  // spec §2.2: a `fields` list replaces every field (fields left out are removed): only when asked
  if (body.fields !== undefined && !opts.replaceFields) {
    throw new UsageError(`--file ${opts.file}: its "fields" list replaces every field of the form (fields left out are deleted, with their answers' meaning): pass --replace-fields to do that, or use --add-field/--remove-field`);
  }
  if (Object.keys(body).length === 0 && !editsFields) {
    throw new UsageError('nothing to update: give --title, --short-text, --locale, --notify/--no-notify, --add-field, --remove-field or --file');
  }
  const precheck = checkFormUpdate(body);
  if (!precheck.ok) rejectProblems('the update', precheck.problems);
  checkPlanLocally(deps, body);
  const client = await deps.client();
  if (editsFields) {
    // spec §2.2: an update's `fields` replaces the list; keys keep existing fields, so read them first
    const current = await getForm(client, id);
    const unknown = [...removed].filter((k) => !current.fields.some((f) => f.key === k));
    if (unknown.length) throw new UsageError(`--remove-field: no field with key ${unknown.join(', ')} in form ${id} (keys: ${current.fields.map((f) => f.key).join(', ')})`);
    body.fields = [...current.fields.filter((f) => !removed.has(f.key)).map((f) => ({ key: f.key, type: f.type, option: f.option })), ...added];
  }
  const check = checkFormUpdate(body);
  if (!check.ok) rejectProblems('the update', check.problems);
  const form = await withSpinner(deps.io, 'Updating form…', () => updateForm(client, id, check.value));
  forgetFormSchema(deps, id);
  await printForm(deps, form);
}
