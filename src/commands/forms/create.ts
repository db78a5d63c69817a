import { createForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { checkFormCreate } from '../../domain/form.js';
import { UsageError } from '../../errors.js';
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
  skeleton?: boolean;
  resume?: string;
  force?: boolean;
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  if (opts.skeleton) {
    const { SKELETON_YAML } = await import('./skeleton.js');
    if (deps.flags.output === 'json' || deps.flags.json) {
      const { parse } = await import('yaml');
      deps.io.stdout.write(`${JSON.stringify(parse(SKELETON_YAML), null, 2)}\n`);
    } else deps.io.stdout.write(SKELETON_YAML);
    return;
  }
  deps.outputFor(formView);
  const noFlags = opts.file === undefined && opts.title === undefined && !opts.field?.length;
  // on a terminal with no flags (or --resume): the interactive builder; elsewhere never a prompt
  if (opts.resume !== undefined || (noFlags && deps.io.canPrompt)) return builder(deps, opts.resume, opts.force === true);
  // without a file, what is missing is named by its flag, not by the JSON property it becomes
  if (opts.file === undefined) {
    const missing = [opts.title === undefined ? '--title TEXT' : undefined, opts.field?.length ? undefined : "at least one --field 'type:Label' (the form's fields)"].filter(Boolean);
    if (missing.length) throw new UsageError(`forms create needs ${missing.join(' and ')} (or --file FORM.json${noFlags ? '; on a terminal, with no flags, it asks' : ''}); e.g. formctl forms create --title "Event sign-up" --field 'email:E-mail*'`);
  }
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
  // (the free plan's limit met in the embedded sandbox: cli/report.ts says how to lift it, for every command)
  const form = await withSpinner(deps.io, 'Creating form…', () => createForm(client, check.value));
  await printForm(deps, form);
}

async function builder(deps: Deps, resume: string | undefined, force: boolean): Promise<void> {
  const { build, createBuilt, readSession } = await import('./builder.js');
  const resumed = resume !== undefined ? await readSession(deps, resume) : undefined;
  const form = await build(deps, () => deps.client(), resumed, { force });
  if (!form) return; // saved to a file
  await createBuilt(deps, await deps.client(), form, (body) => {
    const check = checkFormCreate(body);
    if (!check.ok) rejectProblems('the form', check.problems);
    checkPlanLocally(deps, body as Record<string, unknown>);
    return check.value;
  });
}
