import { getSubmission, updateSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseNumberFlag } from '../../cmdutil/flags.js';
import type { AnswerField } from '../../domain/answers.js';
import { assertValid, buildAnswers, uploadAttachments, withLabels, type AnswerOpts } from './answersInput.js';
import { requireSubmissionId } from './ids.js';

export async function run(deps: Deps, [id]: unknown[], opts: AnswerOpts & { timeSpent?: string }): Promise<void> {
  const sid = requireSubmissionId(id);
  const timeSpent = parseNumberFlag('--time-spent', opts.timeSpent, 0, 1e9);
  if (opts.answers === undefined && !opts.set?.length && !opts.attach?.length) throw new UsageError('no answers: give --answers (replaces all), --set or --attach');
  const client = await deps.client();
  let fields: AnswerField[] | undefined;
  let qrId = '';
  let current: Record<string, unknown> = {};
  if (opts.answers === undefined || opts.set?.length || opts.attach?.length) {
    // spec §4.4: PUT replaces the answers, so --set/--attach start from the stored ones (one read)
    const got = await getSubmission(client, sid);
    fields = got.form?.fields as AnswerField[] | undefined;
    qrId = got.submission.qrId;
    current = stripFileUrls(got.submission.answers);
  }
  const built = await buildAnswers(deps, opts, async () => fields ?? [], current);
  // checked against the live form before anything is uploaded or sent
  if (fields) assertValid(fields, built.answers, 'update', 'Submission validation failed.');
  const answers = await uploadAttachments(deps, qrId, built);
  await withLabels(() => updateSubmission(client, sid, { answers, ...(timeSpent !== undefined ? { timeSpentSeconds: timeSpent } : {}) }), async () => fields);
  deps.info(`Updated ${sid}.`);
}

/** spec §2.7: on write only fileId is sent; the server resolves the URL. */
function stripFileUrls(answers: Record<string, unknown>): Record<string, unknown> {
  const strip = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) && 'fileId' in v && 'fileUrl' in v ? { fileId: (v as { fileId: unknown }).fileId } : v;
  return Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, Array.isArray(v) ? v.map(strip) : strip(v)]));
}
