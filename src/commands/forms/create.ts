import { createForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { checkFormCreate } from '../../domain/form.js';
import { withSpinner } from '../../output/progress.js';
import { checkPlanLocally, readBodyFile, rejectProblems } from './body.js';
import { parseFieldSpec } from './fieldSpec.js';
import { printForm } from './present.js';
import { formView } from './views.js';

interface Opts {
  title?: string;
  shortText?: string;
  field?: string[];
  locale?: string;
  quiz?: boolean;
  notify?: boolean;
  file?: string;
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  deps.outputFor(formView);
  const body = await readBodyFile(deps, opts.file);
  if (opts.title !== undefined) body.title = opts.title;
  if (opts.shortText !== undefined) body.shortText = opts.shortText;
  if (opts.field?.length) body.fields = opts.field.map(parseFieldSpec);
  if (opts.locale !== undefined) body.locale = opts.locale;
  if (opts.quiz) body.isQuiz = true;
  if (opts.notify !== undefined) body.submissionNotification = opts.notify;
  if (body.shortText === undefined && typeof body.title === 'string' && opts.file === undefined) body.shortText = '';
  // spec §2.2: checked here with the same rules the service applies, before spending a request
  const check = checkFormCreate(body);
  if (!check.ok) rejectProblems('the form', check.problems);
  checkPlanLocally(deps, body);
  const client = await deps.client();
  const form = await withSpinner(deps.io, 'Creating form…', () => createForm(client, check.value));
  await printForm(deps, form);
}
