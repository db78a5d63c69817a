import type { FieldDefinition } from '../../domain/form.js';
import { isScored } from '../../domain/quiz.js';
import type { FormDoc } from '../repo/forms.js';
import { choicesOf, esc } from './controls.js';
import { numberIn, wordsFor, type PageWords } from './locale.js';
import { documentOf, langOf, themeOf } from './page.js';

/** An answer (or a correct answer) as the person saw it: an option by its name, never its value. */
function shown(field: FieldDefinition | undefined, value: unknown, words: PageWords): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return words.quiz.noAnswer;
  const names = field ? new Map(choicesOf(field, words).map((c) => [c.value, c.name])) : new Map<string, string>();
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => names.get(String(v)) ?? String(v)).join(', ');
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

function quizResultPage(doc: FormDoc, r: QuizResponse, words: PageWords): string {
  const q = words.quiz;
  const settings = (doc.quizConfig ?? {}) as { passMessage?: string; failMessage?: string; timeUpMessage?: string };
  const verdict = r.passed ? 'passed' : 'failed';
  const message = r.timeExpired ? (settings.timeUpMessage ?? q.timeUp) : r.passed ? (settings.passMessage ?? q.passMessage) : (settings.failMessage ?? q.failMessage);
  const n = (v: unknown) => numberIn(words, v);
  const score = r.percentage !== undefined
    ? `<p class="score ${verdict}" data-testid="score">${esc(q.percent(n(r.percentage)))}</p><p>${esc(q.points(n(r.points), n(r.totalMarks), n(r.passingScore)))}</p>`
    : '';
  // spec §4.4: quizResult follows the scored fields in the form's order
  const scored = doc.fields.filter(isScored);
  const items = (r.quizResult ?? []).map((item, i) => {
    const field = scored[i];
    const pts = item.earnedPoints !== undefined ? ` (${esc(n(item.earnedPoints))}/${esc(n(item.points))})` : '';
    const right = item.correctAnswer !== undefined ? `<br><span class="hint">${esc(q.correctAnswer)}${words.colon}${esc(shown(field, item.correctAnswer, words))}</span>` : '';
    return `<li class="${item.correct ? 'ok' : 'ko'}"><strong>${esc(item.question)}</strong><br>${esc(q.yourAnswer)}${words.colon}${esc(shown(field, item.answer, words))} — ${item.correct ? q.correct : q.wrong}${pts}${right}</li>`;
  });
  const body = `<main><header><h1>${esc(r.passed ? q.passed : q.failed)}</h1><p>${esc(doc.title)}</p></header><div class="body" role="status">
${score}<p class="${verdict}" data-testid="verdict">${esc(message)}</p><ol class="result">${items.join('')}</ol></div></main>`;
  return documentOf(`${q.resultTitle} — ${doc.title}`, themeOf(doc), body, words, langOf(doc, words));
}

/**
 * The page a successful submit redirects to: a thank-you, or for a quiz the result the create
 * response carried (spec §4.4), so `showFinalScore` and `showAnswersResults` hide on the page what
 * they hide in the API. Without the response (expired, or another visitor's link) a plain thank-you.
 */
export function resultPage(doc: FormDoc, response: Record<string, unknown> | undefined): string {
  const words = wordsFor(doc.locale);
  if (response && doc.isQuiz) return quizResultPage(doc, response as QuizResponse, words);
  const t = words.thanks;
  const reference = response ? `<p class="hint">${esc(t.reference)}${words.colon}<code>${esc(response.submissionId)}</code></p>` : '';
  const body = `<main><header><h1>${esc(t.title)}</h1><p>${esc(doc.title)}</p></header><div class="body"><p role="status">${esc(t.recorded)}</p>${reference}</div></main>`;
  return documentOf(`${t.title} — ${doc.title}`, themeOf(doc), body, words, langOf(doc, words));
}
