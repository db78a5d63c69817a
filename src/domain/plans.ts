// spec §8: monthly request limits per plan. Form slots, team slots and the plan-dependent quiz
// limits marked "not shown" / "varies" in the spec are the sandbox's documented choices (docs/sandbox.md).
export const PLANS = ['free', 'starter', 'business', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanLimits {
  monthlyRequests: number;
  /** submissions created per calendar month (spec §7 "submission quota exceeded"; numbers are ours) */
  monthlySubmissions: number;
  formSlots: number;
  teamSlots: number;
  /** several correctAnswers on shortText/number: max values per field */
  maxCorrectAnswers: number;
  quizMessages: boolean;
  advancedQuiz: boolean;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { monthlyRequests: 500, monthlySubmissions: 1_000, formSlots: 10, teamSlots: 0, maxCorrectAnswers: 1, quizMessages: false, advancedQuiz: false },
  starter: { monthlyRequests: 10_000, monthlySubmissions: 10_000, formSlots: 100, teamSlots: 0, maxCorrectAnswers: 1, quizMessages: true, advancedQuiz: false },
  business: { monthlyRequests: 30_000, monthlySubmissions: 100_000, formSlots: 500, teamSlots: 10, maxCorrectAnswers: 5, quizMessages: true, advancedQuiz: true },
  professional: { monthlyRequests: 50_000, monthlySubmissions: 500_000, formSlots: 2_000, teamSlots: 25, maxCorrectAnswers: Infinity, quizMessages: true, advancedQuiz: true },
  // spec §8: "arranged with the vendor"; the sandbox picks a large figure
  enterprise: { monthlyRequests: 1_000_000, monthlySubmissions: Infinity, formSlots: Infinity, teamSlots: 100, maxCorrectAnswers: Infinity, quizMessages: true, advancedQuiz: true },
};

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** spec §8: the fixed time limit on Starter and free is 30 minutes. */
export const FIXED_QUIZ_TIME_LIMIT_SECONDS = 1800;
export const DEFAULT_PASSING_SCORE = 70;

export interface QuizSettingsInput {
  quizConfig?: Record<string, unknown> | undefined;
  fields?: ReadonlyArray<{ type?: unknown; quizConfig?: { correctAnswers?: unknown } | undefined }> | undefined;
}

/**
 * spec §8 "Plan-gated quiz settings": returns one message per setting the plan does not allow.
 * The service joins several with ';' (spec §7), and so does the sandbox.
 */
export function quizPlanViolations(plan: Plan, input: QuizSettingsInput): string[] {
  const limits = PLAN_LIMITS[plan];
  const q = input.quizConfig ?? {};
  const errors: string[] = [];
  if (!limits.advancedQuiz) {
    if (q.enableTimeLimit === true) errors.push('Quiz time limit is not allowed on your plan');
    if (q.timeLimit !== undefined && q.timeLimit !== FIXED_QUIZ_TIME_LIMIT_SECONDS) {
      errors.push('Custom quiz time limit is not allowed on your plan');
    }
    if (q.shuffleQuestions === true) errors.push('Shuffle questions is not allowed on your plan');
    if (q.distributeMarksEvenly === true) errors.push('Distribute marks evenly is not allowed on your plan');
    if (q.passingScore !== undefined && q.passingScore !== DEFAULT_PASSING_SCORE) {
      errors.push('Custom passing score is not allowed on your plan');
    }
  }
  if (!limits.quizMessages) {
    for (const k of ['passMessage', 'failMessage', 'timeUpMessage']) {
      if (typeof q[k] === 'string' && q[k] !== '') errors.push(`Quiz ${k} is not allowed on your plan`);
    }
  }
  for (const f of input.fields ?? []) {
    if (f.type !== 'shortText' && f.type !== 'number') continue;
    const ca = f.quizConfig?.correctAnswers;
    if (Array.isArray(ca) && ca.length > limits.maxCorrectAnswers) {
      errors.push(`More than ${limits.maxCorrectAnswers} correct answer(s) per question is not allowed on your plan`);
      break;
    }
  }
  return errors;
}
