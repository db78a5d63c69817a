import { getSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { AnswerField } from '../../domain/answers.js';
import { requireSubmissionId } from './ids.js';
import { checkSubmissionOutput, labelledView, submissionView } from './views.js';

export async function run(deps: Deps, [id]: unknown[], opts: { redact?: boolean; redactText?: boolean } = {}): Promise<void> {
  const sid = requireSubmissionId(id);
  checkSubmissionOutput(deps);
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const got = await getSubmission(await deps.client(), sid);
  const form = got.form;
  // fails closed: without the form every answer is redacted as unknown
  const submission = redact ? redact(got.submission, form?.fields as AnswerField[] | undefined) : got.submission;
  // a table shows the answers by label, one line per answer part, like `submissions list`
  await deps.printOne(form ? labelledView(form, (h) => h) : submissionView, submission);
}
