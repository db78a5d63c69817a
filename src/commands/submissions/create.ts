import { randomUUID } from 'node:crypto';
import { createSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseNumberFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { MAX_IDEMPOTENCY_KEY } from '../../domain/limits.js';
import { fieldsFromSchema } from '../../domain/schema.js';
import { cell, type View } from '../../output/format.js';
import { withSpinner } from '../../output/progress.js';
import { terminalText } from '../../output/terminalText.js';
import { assertValid, buildAnswers, uploadAttachments, withLabels, type AnswerOpts } from './answersInput.js';
import { DamagedCache, readCachedSchema, schemaFields } from './schemaCache.js';

interface Opts extends AnswerOpts {
  idempotencyKey?: string;
  timeSpent?: string;
  timeExpired?: boolean;
}

const resultView: View<Record<string, unknown>> = {
  fields: ['submissionId', 'points', 'totalMarks', 'percentage', 'passed', 'passingScore', 'quizResult', 'timeSpentSeconds', 'timeExpired'],
  columns: ['submissionId', 'points', 'totalMarks', 'percentage', 'passed'],
  id: (r) => String(r.submissionId),
};

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const key = opts.idempotencyKey ?? randomUUID();
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY) throw new UsageError(`--idempotency-key: 1 to ${MAX_IDEMPOTENCY_KEY} characters (spec §8), got ${key.length}`);
  const timeSpent = parseNumberFlag('--time-spent', opts.timeSpent, 0, 1e9);
  if (opts.answers === undefined && !opts.set?.length && !opts.attach?.length) throw new UsageError('no answers: give --answers, --set or --attach');
  const out = deps.outputFor(resultView);
  const schema = schemaFields(deps, id);
  const fields = schema.fields;
  const built = await buildAnswers(deps, opts, fields).catch((e: unknown) => {
    throw schema.explain(e);
  });
  // with a cached schema the answers are checked before spending a request, and before any upload
  const cached = readCachedSchema(deps, id);
  if (cached instanceof DamagedCache) deps.warn(`${cached.message.replace('QRID', id)}; the answers are checked by the service instead`);
  else if (cached) {
    assertValid(fieldsFromSchema(cached.schema), built.answers, 'create', `Submission validation failed (checked locally against the schema cached ${cached.fetchedAt}; refresh it with \`formctl submissions schema ${id}\`).`);
  }
  const answers = await uploadAttachments(deps, id, built);
  const body = { answers, ...(timeSpent !== undefined ? { timeSpentSeconds: timeSpent } : {}), ...(opts.timeExpired ? { timeExpired: true } : {}) };
  const client = await deps.client();
  const { result, replayed } = await withSpinner(deps.io, 'Submitting…', () => withLabels(() => createSubmission(client, id, body, key), fields));
  if (replayed) deps.warn(`Idempotency-Key ${key} was used before with this body: the original submission ${result.submissionId} is returned, nothing new was created`);
  if (out.prose && !out.quiet && !out.fields && Array.isArray(result.quizResult)) {
    const score = result.percentage !== undefined ? ` ${cell(result.points)}/${cell(result.totalMarks)} (${cell(result.percentage)}%)` : '';
    deps.io.stdout.write(`${result.submissionId}\n${result.passed ? 'passed' : 'not passed'}${score}, passing score ${cell(result.passingScore)}%\n`);
    for (const q of result.quizResult as Array<Record<string, unknown>>) {
      deps.io.stdout.write(`  ${q.correct ? '✓' : '✗'} ${terminalText(`${cell(q.question)}: ${cell(q.answer)}${q.correctAnswer !== undefined && !q.correct ? ` (correct: ${cell(q.correctAnswer)})` : ''}`)}\n`);
    }
    return;
  }
  if (out.prose && !out.fields) {
    deps.io.stdout.write(`${result.submissionId}\n`);
    return;
  }
  await deps.printOne(resultView, result);
}
