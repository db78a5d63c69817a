import type { Made } from './classify.js';
import { cap, choices, fold } from './text.js';

// Quizzes (spec §2.4, §2.5): "capital of France? Paris" → a scored field whose correct answer is
// Paris; choices in parentheses make a radio; a number answer a number field; the pass mark when
// the prompt gives one ("pass mark 60%").

const QUIZ_WORD = /\b(quiz+|exam|test|trivia|cuestionario|examen|prova|pr[üu]fung|teste)\b/iu;
const PASS = /\b(?:pass(?:ing)?[ -]?(?:mark|score|grade|rate)?|note de passage|seuil de r[ée]ussite|nota (?:m[íi]nima|de aprobaci[óo]n|para aprobar)|bestehensgrenze|bestanden ab|aprova[çc][ãa]o)\s*(?:of|is|at|:|=|de|von|ab|em)?\s*(\d{1,3})\s*%/iu;

export interface QuizRead {
  /** the prompt before the first question: the kind of quiz, maybe fields */
  before: string;
  fields: Made[];
  passingScore?: number;
}

/** splits at the last of the boundary characters outside parentheses */
function lastBoundary(s: string, chars: string): number {
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    const ch = s[i]!;
    if (ch === ')') depth++;
    else if (ch === '(') depth--;
    else if (depth === 0 && chars.includes(ch)) return i;
  }
  return -1;
}

function firstBoundary(s: string, chars: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && chars.includes(ch) && !(ch === '.' && /\d/.test(s[i + 1] ?? ''))) return i;
  }
  return -1;
}

function scored(question: string, answer: string): Made | undefined {
  const q = cap(question.replace(/^[\s¿]+/, '').trim().replace(/\s+$/, ''));
  let a = answer.trim().replace(/[.!,;]+$/, '').trim();
  if (!q || !a || a.split(/\s+/).length > 8) return undefined;
  const opts = /^(.*?)\s*\((?:options?:|choices?:|choix\s*:|opciones:|optionen:|op[çc][õo]es:)?\s*([^()]+)\)$/iu.exec(a);
  if (opts) {
    a = opts[1]!.trim();
    const names = opts[2]!.split(/\s*[,/|;]\s*|\s+(?:or|ou|o|oder)\s+/iu).map((n) => cap(n.trim())).filter(Boolean);
    if (!names.some((n) => fold(n) === fold(a))) names.push(cap(a));
    const list = choices(names);
    const correct = list.find((c) => fold(c.name) === fold(a))!;
    return { field: { type: 'radio', option: { label: q, options: list, required: true }, quizConfig: { points: 1, correctAnswers: [correct.value] } } };
  }
  const type = /^-?\d+(?:[.,]\d+)?$/.test(a) ? 'number' : 'shortText';
  return { field: { type, option: { label: q, required: true }, quizConfig: { points: 1, correctAnswers: [cap(a)] } } };
}

/** The quiz in a prompt, when it has one: questions with their answers. */
export function readQuiz(text: string): QuizRead | undefined {
  if (!QUIZ_WORD.test(text)) return undefined;
  const pass = PASS.exec(text);
  const body = pass ? text.replace(pass[0], ' ') : text;
  const parts = body.split('?');
  if (parts.length < 2) return { before: body, fields: [], passingScore: pass ? Number(pass[1]) : undefined };
  const fields: Made[] = [];
  const cut = lastBoundary(parts[0]!, '.:;-–—\n');
  const before = cut >= 0 ? parts[0]!.slice(0, cut) : '';
  let question = cut >= 0 ? parts[0]!.slice(cut + 1) : parts[0]!;
  for (let k = 1; k < parts.length; k++) {
    const seg = parts[k]!;
    const last = k === parts.length - 1;
    const at = last ? firstBoundary(seg, '.;\n') : lastBoundary(seg, '.;,\n');
    const answer = at >= 0 ? seg.slice(0, at) : seg;
    const made = scored(question, answer);
    if (made) fields.push(made);
    question = at >= 0 ? seg.slice(at + 1) : '';
  }
  if (!fields.length) return { before: body, fields: [], passingScore: pass ? Number(pass[1]) : undefined };
  return { before, fields, passingScore: pass ? Number(pass[1]) : undefined };
}

export const isQuizPrompt = (text: string) => QUIZ_WORD.test(text);
