import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { readJsonInput } from '../../cmdutil/input.js';
import { isPlan, quizPlanViolations } from '../../domain/plans.js';

/** The --file body, or {}; it must be a JSON object. */
export async function readBodyFile(deps: Deps, file: string | undefined): Promise<Record<string, unknown>> {
  if (file === undefined) return {};
  const body = await readJsonInput(deps.io, file, '--file');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new UsageError('--file: the JSON must be an object (a form body)');
  return body as Record<string, unknown>;
}

export function rejectProblems(what: string, problems: string[]): never {
  throw new UsageError(`${what} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

/** spec §8: when the profile names the plan, plan-gated quiz settings are refused before sending. */
export function checkPlanLocally(deps: Deps, body: Record<string, unknown>): void {
  const plan = deps.target().plan;
  if (!plan || !isPlan(plan)) return;
  const problems = quizPlanViolations(plan, {
    quizConfig: body.quizConfig as Record<string, unknown> | undefined,
    fields: body.fields as Array<{ type?: unknown; quizConfig?: { correctAnswers?: unknown } }> | undefined,
  });
  if (problems.length) rejectProblems(`the form (for the ${plan} plan of profile "${deps.target().profileName}")`, problems);
}
