import type { Made } from './types.js';
import { passMark, pointsToPercent, readAnswer } from './quizAnswers.js';
import { cap, choices, fold } from './text.js';

// Quizzes (spec §2.4, §2.5): "capital of France? Paris" → a scored field whose correct answer is
// Paris; choices written with it make a radio (quizAnswers.ts reads how); a number answer a number
// field; the pass mark when the prompt gives one. Questions end with "?", or, without one, are
// separated by ";" and carry their choices ("what colour means stop (red, green) - red; …").

const QUIZ_WORD = /\b(quiz+|exam|test|trivia|cuestionario|examen|prova|pr[üu]fung|teste)\b/iu;
/** words about the quiz itself, not fields: "with answers", "5 questions", "multiple choice" */
const ABOUT_QUIZ = /(?<![\p{L}])(?:\d+\s+(?:questions?|preguntas?|fragen?|perguntas?)(?:\s+(?:and|et|y|und|e)\s+(?:answers|r[ée]ponses|respuestas|antworten|respostas))?|(?:with|avec|con|mit|com)\s+(?:the\s+|les\s+|las\s+|los\s+|den\s+|as\s+|o\s+)?(?:answers|r[ée]ponses|respuestas|l[öo]sungen|antworten|gabarito|respostas|solu[çc][õo]es)|multiple[- ]choice|choix multiples?|opci[óo]n m[úu]ltiple|m[úu]ltipla escolha)(?![\p{L}])/giu;
/** "1) ", "2. ": a numbered question starts; "2) 3*3?" too (after ")" a number is no decimal) */
const NUMBERED = /(?:^|\s)(?:\d{1,2}[).]\s+(?=\p{L})|\d{1,2}\)\s+(?=[\p{N}(¿"']))/u;
const HEADING = /(?:^|[\s.;])(?:questions?|preguntas|fragen|perguntas)\s*$/iu;

export interface QuizRead {
  /** the prompt around the questions: the kind of quiz, maybe fields ("ask for their name") */
  before: string;
  fields: Made[];
  passingScore?: number;
}

/** the last (or first) of the boundary characters outside parentheses; a "." between digits is none */
function boundary(s: string, chars: string, last: boolean): number {
  let depth = 0;
  for (let k = 0; k < s.length; k++) {
    const i = last ? s.length - 1 - k : k;
    const ch = s[i]!;
    // "1) " numbers a question, "a) " a choice: they open nothing
    if (ch === ')' && /(?:^|\s)(?:\d{1,2}|[a-f])$/iu.test(s.slice(0, i))) continue;
    if (ch === (last ? ')' : '(')) depth++;
    else if (ch === (last ? '(' : ')')) depth--;
    else if (depth === 0 && chars.includes(ch) && !(ch === '.' && /\d/.test(s[i + 1] ?? ''))) return i;
  }
  return -1;
}

function scored(question: string, answer: string): Made | undefined {
  const q = cap(question.replace(NUMBERED, ' ').replace(/^[\s¿]+/, '').trim());
  const read = readAnswer(answer);
  if (!q || !read) return undefined;
  if (read.options) {
    const list = choices(read.options.map(cap));
    const correct = read.correct === undefined ? undefined : list.find((c) => fold(c.name) === fold(read.correct!));
    return { field: { type: 'radio', option: { label: q, options: list, required: true }, ...(correct ? { quizConfig: { points: 1, correctAnswers: [correct.value] } } : {}) } };
  }
  const a = read.correct!;
  const type = /^-?\d+(?:[.,]\d+)?$/.test(a) ? 'number' : 'shortText';
  return { field: { type, option: { label: q, required: true }, quizConfig: { points: 1, correctAnswers: [cap(a)] } } };
}

/** the first "N) " or "N. " that numbers a question: outside parentheses ("(7, 8, 9) answer 8" closes a list) */
function numberedIn(seg: string): { index: number } | undefined {
  for (const m of seg.matchAll(new RegExp(NUMBERED.source, 'gu'))) {
    const before = seg.slice(0, m.index);
    if ((before.match(/\(/g)?.length ?? 0) <= (before.match(/\)/g)?.length ?? 0)) return { index: m.index };
  }
  return undefined;
}

interface Questions {
  before: string;
  pairs: Array<[string, string]>;
  after: string;
}

/** "q? a. q? a": each "?" ends a question; its answer runs to the next numbered question or sentence */
function askedQuestions(body: string): Questions | undefined {
  const parts = body.split('?');
  if (parts.length < 2) return undefined;
  const cut = boundary(parts[0]!, '.:;-–—\n', true);
  const pairs: Array<[string, string]> = [];
  let question = cut >= 0 ? parts[0]!.slice(cut + 1) : parts[0]!;
  let after = '';
  for (let k = 1; k < parts.length; k++) {
    const seg = parts[k]!;
    const numbered = numberedIn(seg);
    let at: number;
    // the last answer ends at a sentence's end, or where a numbered item starts after it ("Paris 2) …")
    if (k === parts.length - 1) at = numbered && seg.slice(0, numbered.index).trim() ? Math.min(numbered.index, boundary(seg, '.;\n', false) >= 0 ? boundary(seg, '.;\n', false) : Infinity) : boundary(seg, '.;\n', false);
    // "7 x 8? 56. what is …": a number right after the "?" is the answer, not the next question's number
    else if (numbered && seg.slice(0, numbered.index).trim()) at = numbered.index;
    // "…? (1789) who was king …?": an answer in parentheses ends where they close
    else at = boundary(seg, '.;\n', true) >= 0 ? boundary(seg, '.;\n', true) : (/^\s*\([^()]*\)/.exec(seg)?.[0].length ?? boundary(seg, ',', true));
    pairs.push([question, at >= 0 ? seg.slice(0, at) : seg]);
    question = at >= 0 ? seg.slice(at + 1) : '';
  }
  const more = colonQuestions(question);
  pairs.push(...more.pairs);
  after = more.rest;
  return { before: cut >= 0 ? parts[0]!.slice(0, cut) : '', pairs, after };
}

/** "3) which extinguisher: water or CO2 (CO2). 4) …": after the questions with "?", more with a colon and marked choices */
function colonQuestions(text: string): { pairs: Array<[string, string]>; rest: string } {
  const pairs: Array<[string, string]> = [];
  let rest = text;
  while (rest.trim()) {
    const dot = boundary(rest, '.;\n', false);
    const sentence = dot >= 0 ? rest.slice(0, dot) : rest;
    const colon = boundary(sentence, ':', true);
    const read = colon > 0 ? readAnswer(sentence.slice(colon + 1)) : undefined;
    if (!read?.options || read.correct === undefined) break;
    pairs.push([sentence.slice(0, colon), sentence.slice(colon + 1)]);
    rest = dot >= 0 ? rest.slice(dot + 1) : '';
  }
  return { pairs, rest };
}

/** "…: q (a, b) - a; q (c, d) correct d. …": questions without "?", one per ";" */
function listedQuestions(body: string): Questions | undefined {
  const items = body.split(';');
  if (items.length < 2) return undefined;
  const colon = boundary(items[0]!, ':', true);
  const dot = boundary(items[items.length - 1]!, '.\n', false);
  const first = items[0]!.slice(colon + 1);
  const last = dot >= 0 ? items[items.length - 1]!.slice(0, dot) : items[items.length - 1]!;
  const texts = [first, ...items.slice(1, -1), last];
  const pairs: Array<[string, string]> = [];
  for (const t of texts) {
    const m = /^(.*?)\s*(\([^()]*\).*)$/su.exec(t.trim());
    if (!m || !readAnswer(m[2]!)?.correct) return undefined;
    pairs.push([m[1]!, m[2]!]);
  }
  return { before: colon >= 0 ? items[0]!.slice(0, colon) : '', pairs, after: dot >= 0 ? items[items.length - 1]!.slice(dot + 1) : '' };
}

/** The quiz in a prompt, when it has one: questions with their answers, the pass mark. */
export function readQuiz(text: string): QuizRead | undefined {
  if (!QUIZ_WORD.test(text)) return undefined;
  const { score: percent, points, rest } = passMark(text);
  const body = rest.replace(ABOUT_QUIZ, ' ');
  const found = askedQuestions(body) ?? listedQuestions(body);
  const fields = (found?.pairs ?? []).map(([q, a]) => scored(q, a)).filter((m): m is Made => m !== undefined);
  const score = percent ?? (points === undefined ? undefined : pointsToPercent(points, fields.length));
  if (!found || !fields.length) return { before: body, fields: [], passingScore: score };
  const before = found.before.replace(HEADING, '');
  // a sentence of its own: protect() joins lines
  return { before: `${before}. ${found.after}`, fields, passingScore: score };
}
