import { ApiError } from '../../errors.js';
import { validateSubmissionRemote } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError, ValidationError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';
import type { View } from '../../output/format.js';
import { fieldsFromSchema } from '../../domain/schema.js';
import { assertValid, buildAnswers, describeFieldErrors, type AnswerOpts } from './answersInput.js';
import { DamagedCache, readCachedSchema, schemaFields } from './schemaCache.js';

/** Checks answers and creates nothing: --attach files are checked locally and never uploaded. */
export async function run(deps: Deps, [qrId]: unknown[], opts: AnswerOpts & { offline?: boolean }): Promise<void> {
  const id = requireQrId(qrId);
  // spec §4.4: the result is {valid: true}; a sentence on a terminal, the record with -o/--columns/-q
  const view: View<{ valid: true }> = { fields: ['valid'], columns: ['valid'], id: () => id };
  const out = deps.outputFor(view);
  const done = async (sentence: string) => {
    if (out.prose && !out.quiet && !out.fields) deps.info(sentence);
    else await deps.printOne(view, { valid: true });
  };
  if (opts.offline) {
    const cached = readCachedSchema(deps, id);
    if (!cached) throw new UsageError(`--offline: no cached schema for ${id}; run \`formctl submissions schema ${id}\` once (one request)`);
    if (cached instanceof DamagedCache) throw new UsageError(`--offline: ${cached.message.replace('QRID', id)}`);
    const fields = fieldsFromSchema(cached.schema);
    const { answers } = await buildAnswers(deps, opts, async () => fields);
    assertValid(fields, answers, 'create', `Submission validation failed (offline, against the schema cached ${cached.fetchedAt}).`);
    await done(`valid (offline, schema cached ${cached.fetchedAt}; files are not checked offline)`);
    return;
  }
  const schema = schemaFields(deps, id);
  const fields = schema.fields;
  const { answers, uploads } = await buildAnswers(deps, opts, fields).catch((e: unknown) => {
    throw schema.explain(e);
  });
  // the service checks everything but the attached files, which were checked here and are not sent
  const attached = new Set(uploads.map((u) => u.key));
  const sent = Object.fromEntries(Object.entries(answers).filter(([k]) => !attached.has(k)));
  const client = await deps.client();
  try {
    await validateSubmissionRemote(client, id, { answers: sent });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 400 && e.fieldErrors)) throw e;
    const left = Object.fromEntries(Object.entries(e.fieldErrors).filter(([k]) => !attached.has(k)));
    if (Object.keys(left).length) throw new ValidationError(e.message, describeFieldErrors(left, await fields()), e.toEnvelope());
  }
  await done(uploads.length ? 'valid (attached files checked locally, not uploaded)' : 'valid');
}
