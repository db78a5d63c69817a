import { getSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireSubmissionId } from './ids.js';
import { submissionView } from './views.js';

export async function run(deps: Deps, [id]: unknown[]): Promise<void> {
  const sid = requireSubmissionId(id);
  deps.outputFor(submissionView);
  const { submission } = await getSubmission(await deps.client(), sid);
  await deps.printOne(submissionView, submission);
}
