import { DEFAULT_PASSING_SCORE } from './plans.js';
import { SCORED_TYPES, type FieldType } from './fieldTypes.js';

export interface QuizField {
  key: string;
  type: FieldType;
  option: { label?: unknown; disableQuiz?: unknown; [k: string]: unknown };
  quizConfig?: { points?: number; correctAnswers?: unknown };
}

export interface QuizResultItem {
  question: string;
  answer: unknown;
  correct: boolean;
  points?: number;
  earnedPoints?: number;
  correctAnswer?: unknown;
}

/** spec §2.7: the stored scoring payload (sent unfiltered in webhooks, spec §6 rule 5). */
export interface QuizData {
  points: number;
  totalMarks: number;
  percentage: number;
  passed: boolean;
  passingScore: number;
  quizResult: QuizResultItem[];
}

export interface QuizSettings {
  passingScore?: number;
  showFinalScore?: boolean;
  showAnswersResults?: boolean;
  distributeMarksEvenly?: boolean;
  [k: string]: unknown;
}

/** spec §2.4: scored when the type is scored, it has a quizConfig, and disableQuiz is not true. */
export function isScored(field: QuizField): boolean {
  return SCORED_TYPES.includes(field.type) && field.quizConfig !== undefined && field.option.disableQuiz !== true;
}

const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const normText = (v: unknown) => String(v).trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * How answers are compared (docs/submissions.md "Quiz scoring"): radio — equal to one correct value; checkbox — the
 * same set of values, order ignored; shortText — equal to one correct answer ignoring case, leading
 * and trailing space, and runs of inner space; number — numerically equal to one correct answer.
 */
export function isCorrect(type: FieldType, answer: unknown, correctAnswers: unknown): boolean {
  const correct = asList(correctAnswers);
  if (answer === undefined || answer === null || correct.length === 0) return false;
  switch (type) {
    case 'radio':
      return correct.some((c) => String(c) === String(answer));
    case 'checkbox': {
      if (!Array.isArray(answer)) return false;
      const given = new Set(answer.map(String));
      const wanted = new Set(correct.map(String));
      return given.size === wanted.size && [...wanted].every((w) => given.has(w));
    }
    case 'shortText':
      return typeof answer === 'string' && correct.some((c) => normText(c) === normText(answer));
    case 'number': {
      const n = Number(typeof answer === 'string' ? answer.trim() : answer);
      return typeof answer !== 'boolean' && String(answer).trim() !== '' && Number.isFinite(n) && correct.some((c) => Math.abs(Number(c) - n) < 1e-9);
    }
    default:
      return false;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Scores a quiz submission (spec §2.7, §4.4). Points per question are quizConfig.points (default 1);
 * with distributeMarksEvenly every scored question is worth totalMarks / questions. No partial credit.
 */
export function scoreQuiz(fields: QuizField[], answers: Record<string, unknown>, settings: QuizSettings): QuizData {
  const scored = fields.filter(isScored);
  const configured = scored.map((f) => (typeof f.quizConfig?.points === 'number' ? f.quizConfig.points : 1));
  const totalMarks = configured.reduce((a, b) => a + b, 0);
  const even = settings.distributeMarksEvenly === true && scored.length > 0 ? totalMarks / scored.length : undefined;
  const quizResult = scored.map((f, i) => {
    const points = round2(even ?? configured[i]!);
    const answer = answers[f.key];
    const correct = isCorrect(f.type, answer, f.quizConfig?.correctAnswers);
    return {
      question: typeof f.option.label === 'string' && f.option.label ? f.option.label : f.key,
      answer: answer ?? null,
      correct,
      points,
      earnedPoints: correct ? points : 0,
      correctAnswer: f.quizConfig?.correctAnswers ?? null,
    };
  });
  const points = round2(quizResult.reduce((a, r) => a + r.earnedPoints, 0));
  const percentage = totalMarks > 0 ? round2((points / totalMarks) * 100) : 0;
  const passingScore = typeof settings.passingScore === 'number' ? settings.passingScore : DEFAULT_PASSING_SCORE;
  return { points, totalMarks: round2(totalMarks), percentage, passed: percentage >= passingScore, passingScore, quizResult };
}

/** spec §4.4: what the create response shows of the quiz data. */
export function filterQuizForResponse(data: QuizData, settings: QuizSettings): Record<string, unknown> {
  const showScore = settings.showFinalScore !== false;
  const showAnswers = settings.showAnswersResults !== false;
  const out: Record<string, unknown> = { passed: data.passed, passingScore: data.passingScore };
  if (showScore) Object.assign(out, { points: data.points, totalMarks: data.totalMarks, percentage: data.percentage });
  out.quizResult = data.quizResult.map((r) => {
    const item: Record<string, unknown> = { question: r.question, answer: r.answer, correct: r.correct };
    if (showScore) Object.assign(item, { points: r.points, earnedPoints: r.earnedPoints });
    if (showAnswers) item.correctAnswer = r.correctAnswer;
    return item;
  });
  return out;
}
