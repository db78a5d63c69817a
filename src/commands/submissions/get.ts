import { getSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { AnswerField } from '../../domain/answers.js';
import { submissionColumns } from '../../domain/flatten.js';
import { renderOne } from '../../output/format.js';
import { requireSubmissionId } from './ids.js';
import { submissionView } from './views.js';

export async function run(deps: Deps, [id]: unknown[], opts: { redact?: boolean; redactText?: boolean } = {}): Promise<void> {
  const sid = requireSubmissionId(id);
  const out = deps.outputFor(submissionView);
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const got = await getSubmission(await deps.client(), sid);
  const form = got.form;
  const submission = redact ? redact(got.submission, form?.fields as AnswerField[] | undefined) : got.submission;
  if (out.format !== 'table' || out.quiet || out.fields || !form) {
    await deps.printOne(submissionView, submission);
    return;
  }
  // a table shows the answers by label, one line per answer part, like `submissions list`
  const columns = submissionColumns(form.fields as AnswerField[], { headers: 'label', quiz: form.fields.some((f) => f.quizConfig !== undefined) });
  const record = Object.fromEntries(columns.map((c) => [c.header, c.value(submission)]));
  const headers = columns.map((c) => c.header);
  deps.io.stdout.write(await renderOne(deps.io, out, { fields: headers, columns: headers, id: () => submission.id }, record));
}
