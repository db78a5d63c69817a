import type { FormDoc } from '../repo/forms.js';
import { documentOf, esc, themeOf } from './page.js';

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

interface QuizResponse {
  passed?: boolean;
  passingScore?: number;
  points?: number;
  totalMarks?: number;
  percentage?: number;
  timeExpired?: boolean;
  quizResult?: Array<{ question: string; answer: unknown; correct: boolean; points?: number; earnedPoints?: number; correctAnswer?: unknown }>;
}

/**
 * After a submit: a thank-you page, or for a quiz the result the create response carries (spec §4.4),
 * so `showFinalScore` and `showAnswersResults` hide on the page what they hide in the API.
 */
export function resultPage(doc: FormDoc, response: Record<string, unknown>): string {
  const theme = themeOf(doc);
  if (!doc.isQuiz) {
    return documentOf(`Thank you — ${doc.title}`, theme, `<main><header><h1>Thank you!</h1><p>${esc(doc.title)}</p></header><div class="body"><p role="status">Your response has been recorded.</p><p class="hint">Reference: <code>${esc(response.submissionId)}</code></p></div></main>`);
  }
  const r = response as QuizResponse;
  const settings = (doc.quizConfig ?? {}) as { passMessage?: string; failMessage?: string; timeUpMessage?: string };
  const verdict = r.passed ? 'passed' : 'failed';
  const message = r.timeExpired ? (settings.timeUpMessage ?? 'Time is up.') : r.passed ? (settings.passMessage ?? 'Well done, you passed.') : (settings.failMessage ?? 'You did not pass this time.');
  const score = r.percentage !== undefined ? `<p class="score ${verdict}" data-testid="score">${esc(r.percentage)}%</p><p>${esc(r.points)} of ${esc(r.totalMarks)} points · pass mark ${esc(r.passingScore)}%</p>` : '';
  const items = (r.quizResult ?? []).map((q) => {
    const pts = q.earnedPoints !== undefined ? ` (${esc(q.earnedPoints)}/${esc(q.points)})` : '';
    const right = q.correctAnswer !== undefined ? `<br><span class="hint">Correct answer: ${esc(shown(q.correctAnswer))}</span>` : '';
    return `<li class="${q.correct ? 'ok' : 'ko'}"><strong>${esc(q.question)}</strong>: ${esc(shown(q.answer))} — ${q.correct ? 'correct' : 'wrong'}${pts}${right}</li>`;
  });
  const body = `<main><header><h1>${r.passed ? 'You passed' : 'You did not pass'}</h1><p>${esc(doc.title)}</p></header><div class="body" role="status">
${score}<p class="${verdict}" data-testid="verdict">${esc(message)}</p><ol class="result">${items.join('')}</ol></div></main>`;
  return documentOf(`Result — ${doc.title}`, theme, body);
}
