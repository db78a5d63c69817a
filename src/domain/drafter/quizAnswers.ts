import { fold } from './text.js';

// How people write a quiz's answers and its pass mark (spec §2.5 quizConfig.passingScore), in the
// five languages: the right answer after its choices ("(999, 111, 101) correct 999", "A, B, C – richtig
// B", "dog/cat/horse (cat)") or before them ("Paris (Paris, Lyon)"), the pass mark before or after
// its words ("pass mark 60%", "they need 100% to pass", "il faut 70 % pour réussir").

const PASS_WORD = String.raw`(?:pass(?:ing)?(?:[ -]?(?:mark|score|grade|rate|threshold))?|r[ée]ussir|r[ée]ussite|note de passage|seuil de r[ée]ussite|aprobar|aprobado|aprobaci[óo]n|nota m[íi]nima|nota de aprobaci[óo]n|bestehen|bestanden(?: ab)?|bestehensgrenze|aprova[çc][ãa]o|aprovado|aprovar|passar)`;
const NOT_LETTER = String.raw`(?<![\p{L}])`;
const END_WORD = String.raw`(?![\p{L}])`;
const GAP = String.raw`[^.;\d%?]{0,25}?`;
/** "12/20", "7 out of 10", "15 sur 20", "8 von 10" */
const FRACTION = String.raw`(\d{1,3})\s*(?:\/|out of|of|sur|de|von|auf|em|su)\s*(\d{1,3})(?![\d%])`;
/** "3 correct answers", "8 bonnes réponses", "7 respuestas correctas", "6 richtige", "5 certas" */
const POINTS = String.raw`(\d{1,3})\s*(?:points?|pts|marks?|correct(?: answers?)?|right(?: answers?)?|bonnes? r[ée]ponses?|respuestas? correctas?|puntos|richtige(?: antworten)?|punkte|respostas? (?:certas|corretas)|pontos)?(?![\d%/])`;
const PASS_READINGS: Array<{ re: RegExp; read: (m: RegExpExecArray) => { score?: number; points?: number } }> = [
  /** "pass mark 60%", "Aprobado con 80%", "Bestehensgrenze 75 %" */
  { re: new RegExp(`${NOT_LETTER}${PASS_WORD}${END_WORD}${GAP}(\\d{1,3})\\s*%`, 'iu'), read: (m) => ({ score: Number(m[1]) }) },
  /** "50% pass mark", "they need 100% to pass", "il faut 70 % pour réussir" */
  { re: new RegExp(`(\\d{1,3})\\s*%${GAP}${NOT_LETTER}${PASS_WORD}${END_WORD}`, 'iu'), read: (m) => ({ score: Number(m[1]) }) },
  /** "note de passage 12/20", "need 7 out of 10 to pass" */
  { re: new RegExp(`${NOT_LETTER}${PASS_WORD}${END_WORD}${GAP}${FRACTION}`, 'iu'), read: (m) => ({ score: Math.round((100 * Number(m[1])) / Number(m[2])) }) },
  { re: new RegExp(`${FRACTION}${GAP}${NOT_LETTER}${PASS_WORD}${END_WORD}`, 'iu'), read: (m) => ({ score: Math.round((100 * Number(m[1])) / Number(m[2])) }) },
  /** "passing score of 8", "pass with 2 correct answers", "need 3 correct to pass" */
  { re: new RegExp(`${NOT_LETTER}${PASS_WORD}${END_WORD}${GAP}${POINTS}`, 'iu'), read: (m) => ({ points: Number(m[1]) }) },
  { re: new RegExp(`${POINTS}${GAP}${NOT_LETTER}${PASS_WORD}${END_WORD}`, 'iu'), read: (m) => ({ points: Number(m[1]) }) },
];
const PER_CENT = /(\d{1,3})\s*(?:percent|per cent|pour ?cent|por ciento|prozent|por cento)(?![\p{L}])/giu;

/** The pass mark (per cent, or points to convert once the questions are counted) and the text without its clause. */
export function passMark(input: string): { score?: number; points?: number; rest: string } {
  const text = input.replace(PER_CENT, '$1%');
  let found: { m: RegExpExecArray; read: { score?: number; points?: number } } | undefined;
  for (const r of PASS_READINGS) {
    const m = r.re.exec(text);
    if (m) {
      found = { m, read: r.read(m) };
      break;
    }
  }
  if (!found) return { rest: input };
  const { m, read } = found;
  // the whole clause goes ("they need 100% to pass"), so that its words make no field
  const start = Math.max(...[...'.,;:!\n'].map((c) => text.lastIndexOf(c, m.index - 1))) + 1;
  const ends = [...'.,;:\n'].map((c) => text.indexOf(c, m.index + m[0].length)).filter((i) => i >= 0);
  const end = ends.length ? Math.min(...ends) : text.length;
  return { ...read, rest: `${text.slice(0, start)} ${text.slice(end)}` };
}

/** "passing score of 8": out of the questions when there are as many, else out of 10, else per cent */
export function pointsToPercent(points: number, questions: number): number {
  if (questions && points <= questions) return Math.round((100 * points) / questions);
  return points <= 10 ? points * 10 : Math.min(points, 100);
}

/** the words that mark the right answer, after the choices ("answer", "correct", "– richtig") */
const ANSWER_WORD = String.raw`(?:the\s+)?(?:(?:correct|right)\s+answer|answer|correct|(?:la\s+)?bonne\s+r[ée]ponse|r[ée]ponse|respuesta(?:\s+correcta)?|correcta|richtig(?:e\s+antwort)?|l[öo]sung|antwort|resposta(?:\s+(?:certa|correta))?|certa|correta)(?![\p{L}])\s*[:=]?`;
const ANSWER_MARK = new RegExp(String.raw`(?:\s[-–—]\s*(?:${ANSWER_WORD})?|(?<![\p{L}])${ANSWER_WORD})\s*`, 'giu');
/** choices are separated by commas, slashes (not in "3/4"), bars or "or" */
const CHOICE_SEP = /\s*(?:[,|;]|(?<!\d)\/|\/(?!\d))\s*|\s+(?:or|ou|o|oder)\s+/iu;
const hasChoices = (s: string) => CHOICE_SEP.test(s);
const listOf = (s: string) => s.replace(/^\(|\)$/g, '').replace(/^(?:options?|choices?|choix|opciones|optionen|op[çc][õo]es)\s*:\s*/iu, '').split(CHOICE_SEP).map((n) => n.trim()).filter(Boolean);

export interface Answer {
  /** the choices offered, when there are some */
  options?: string[];
  /** the right answer as written (one of the options when there are some) */
  correct?: string;
}

/** The choices and the right answer of a question's answer text. */
export function readAnswer(text: string): Answer | undefined {
  const a = text.trim().replace(/[.!,;]+$/, '').trim();
  if (!a) return undefined;
  // "(999, 111, 101) correct 999", "Jupiter, Saturn, Neptune - Jupiter": the last mark, choices before it
  const marks = [...a.matchAll(ANSWER_MARK)].filter((m) => m.index! > 0 && a.slice(m.index! + m[0].length).trim());
  const mark = marks[marks.length - 1];
  if (mark) {
    const before = a.slice(0, mark.index).trim();
    const correct = a.slice(mark.index! + mark[0].length).trim();
    if (hasChoices(before) && correct.split(/\s+/).length <= 6) return withCorrect(listOf(before), correct);
  }
  const paren = /^(.*?)\s*\(([^()]+)\)$/u.exec(a);
  if (paren) {
    const [outer, inner] = [paren[1]!.trim(), paren[2]!.trim()];
    // "Canberra (Sydney, Melbourne, Canberra)": the answer, then its choices
    if (hasChoices(inner) && !hasChoices(outer)) return withCorrect(listOf(inner), outer || undefined);
    // "dog/cat/horse (cat)", "54, 56, 64 (56)": the choices, then the answer
    if (hasChoices(outer) && !hasChoices(inner)) return withCorrect(listOf(outer), inner);
  }
  if (a.split(/\s+/).length > 8) return undefined;
  return hasChoices(a) && listOf(a).length >= 2 ? { options: listOf(a) } : { correct: a };
}

function withCorrect(options: string[], correct: string | undefined): Answer {
  if (correct === undefined) return { options };
  const same = options.find((o) => fold(o) === fold(correct));
  return same ? { options, correct: same } : { options: [...options, correct], correct };
}
