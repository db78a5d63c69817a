import { validateSubmissionRemote } from '../../api/resources/submissions.js';
import type { Deps } from '../../cli/factory.js';
import { UsageError, ValidationError } from '../../cli/errors.js';
import { requireQrId } from '../../cli/input.js';
import { validateSubmission } from '../../domain/answers.js';
import { fieldsFromSchema } from '../../domain/schema.js';
import { buildAnswers, describeFieldErrors, withLabels, type AnswerOpts } from './answersInput.js';
import { loadSchema, readCachedSchema } from './schemaCache.js';

export async function run(deps: Deps, [qrId]: unknown[], opts: AnswerOpts & { offline?: boolean }): Promise<void> {
  const id = requireQrId(qrId);
  if (opts.offline) {
    if (opts.attach?.length) throw new UsageError('--offline cannot upload --attach files; give their fileIds with --set');
    const cached = readCachedSchema(deps, id);
    if (!cached) throw new UsageError(`--offline: no cached schema for ${id}; run \`formctl submissions schema ${id}\` once (one request)`);
    const fields = fieldsFromSchema(cached.schema);
    const answers = await buildAnswers(deps, id, opts, async () => fields);
    const errors = validateSubmission(fields, { answers }, { mode: 'create' });
    if (Object.keys(errors).length) {
      throw new ValidationError(`Submission validation failed (offline, against the schema cached ${cached.fetchedAt}).`, describeFieldErrors(errors, fields));
    }
    deps.info(`valid (offline, schema cached ${cached.fetchedAt}; files are not checked offline)`);
    return;
  }
  const fields = async () => fieldsFromSchema((await loadSchema(deps, id)).schema);
  const answers = await buildAnswers(deps, id, opts, fields);
  const client = await deps.client();
  await withLabels(() => validateSubmissionRemote(client, id, { answers }), fields);
  deps.info('valid');
}
