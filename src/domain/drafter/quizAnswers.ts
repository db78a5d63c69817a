import { OPTION_WORDS } from './refineVerbs.js';
import { fold } from './text.js';

const LEADING_OPTION_WORD = new RegExp(String.raw`^${OPTION_WORDS}\s*:\s*`, 'iu');

// How people write a quiz's answers and its pass mark (spec §2.5 quizConfig.passingScore), in the
// five languages: the right answer after its choices ("(999, 111, 101) correct 999", "A, B, C – richtig
// B", "dog/cat/horse (cat)") or before them ("Paris (Paris, Lyon)"), the pass mark before or after
// its words ("pass mark 60%", "they need 100% to pass", "il faut 70 % pour réussir").

/** the words of passing, in their verb forms too ("se aprueba", "besteht", "passes", "est reçu") */
const PASS_WORD = String.raw`(?:pass(?:es|ed|ing)?(?:[ -]?(?:mark|score|grade|rate|threshold))?|r[ée]ussi[rest]*|r[ée]ussite|re[çc]u|note de passage|seuil de r[ée]ussite|apr(?:ue|o)b(?:a|an|as|ar|ado|ada|aci[óo]n)|nota m[íi]nima|nota de aprobaci[óo]n|besteh(?:en|t)|bestanden(?: ab)?|bestehensgrenze|aprova(?:r|do|da|[çc][ãa]o)?|passa(?:r|m)?)`;
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
/** "3 of 4 right", "3 sur 4 justes", "3 von 4 richtig": a share of right answers */
const RIGHT = String.raw`(?:right|correct|bonnes?|justes?|correctas?|bien|richtig(?:e)?|certas?|corretas?)`;
/** "all of them right", "toutes justes", "todas correctas", "alle richtig", "todas certas" */
const ALL_RIGHT = String.raw`(?:all|every(?:thing)?|tout(?:es)?|todas?|alle[s]?)(?:\s+(?:of them|the questions|questions?|answers?|les r[ée]ponses|les questions|las respuestas|las preguntas|fragen|antworten|as respostas|as perguntas))?\s+${RIGHT}(?![\p{L}])`;
PASS_READINGS.push(
  { re: new RegExp(`${FRACTION}\\s+${RIGHT}(?![\\p{L}])`, 'iu'), read: (m) => ({ score: Math.round((100 * Number(m[1])) / Number(m[2])) }) },
  { re: new RegExp(`${NOT_LETTER}${ALL_RIGHT}${GAP}${NOT_LETTER}${PASS_WORD}${END_WORD}|${NOT_LETTER}${PASS_WORD}${END_WORD}${GAP}${NOT_LETTER}${ALL_RIGHT}`, 'iu'), read: () => ({ score: 100 }) },
);
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
const ANSWER_WORD = String.raw`(?:the\s+)?(?:(?:correct|right)\s+answer|answer|correct|(?:la\s+)?bonne\s+r[ée]ponse|r[ée]ponse|respuesta(?:\s+correcta)?|correcta|richtig(?:e\s+antwort)?|l[öo]sung|antwort|resposta(?:\s+(?:certa|correta))?|cert[oa]|corret[oa]|right)(?![\p{L}])\s*[:=]?`;
/** "(answer h1)": the word that says which is right, before it */
const ANSWER_LEAD = new RegExp(String.raw`^${ANSWER_WORD}\s*`, 'iu');
const ANSWER_MARK = new RegExp(String.raw`(?:\s[-–—]\s*(?:${ANSWER_WORD})?|(?<![\p{L}])${ANSWER_WORD})\s*`, 'giu');
/** choices are separated by commas, slashes (not in "3/4"), bars or "or" */
const CHOICE_SEP = /\s*(?:[,|;]|(?<!\d)\/|\/(?!\d))\s*|\s+(?:or|ou|o|oder)\s+/iu;
/** with commas or bars, a slash is part of a choice ("50 km/h, 70 km/h"); spaced slashes before bare ones */
const SEPARATORS = [/\s*[,|;]\s*|\s+(?:or|ou|o|oder)\s+/iu, /\s+\/\s+|\s+(?:or|ou|o|oder)\s+/iu, CHOICE_SEP];
const hasChoices = (s: string) => CHOICE_SEP.test(s);
const sepOf = (s: string) => SEPARATORS.find((re) => re.test(s)) ?? CHOICE_SEP;
const listOf = (s: string) => {
  const t = s.replace(/^\(([^()]*)\)$/, '$1').replace(LEADING_OPTION_WORD, '');
  return t.split(/[,|;]/.test(t) ? SEPARATORS[0]! : sepOf(t)).map((n) => n.trim()).filter(Boolean);
};
/** "a) run b) pull the alarm c) hide": choices lettered in order */
const LETTER = /(?:^|\s+)([a-f])\)\s+/giu;
function lettered(a: string): string[] | undefined {
  const ms = [...a.matchAll(LETTER)];
  if (ms.length < 2 || ms.some((m, k) => m[1]!.toLowerCase() !== 'abcdef'[k])) return undefined;
  return ms.map((m, k) => a.slice(m.index! + m[0].length, ms[k + 1]?.index ?? a.length).trim());
}
/** "Júpiter (correcta)", "112 (richtig)": the right answer marked where it is written */
const MARKED = new RegExp(String.raw`\s*\(\s*${ANSWER_WORD}\s*\)\s*$`, 'iu');
function markedChoice(a: string): Answer | undefined {
  const items = lettered(a) ?? (hasChoices(a) ? listOf(a) : []);
  const at = items.filter((i) => MARKED.test(i));
  if (items.length < 2 || at.length !== 1) return lettered(a) ? { options: items } : undefined;
  const options = items.map((i) => i.replace(MARKED, '').trim());
  return { options, correct: options[items.indexOf(at[0]!)] };
}

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
  const marked = markedChoice(a);
  if (marked) return marked;
  // "(999, 111, 101) correct 999", "Jupiter, Saturn, Neptune - Jupiter": the last mark, choices before it
  const marks = [...a.matchAll(ANSWER_MARK)].filter((m) => m.index! > 0 && a.slice(m.index! + m[0].length).trim() && !/\([^)]*$/.test(a.slice(0, m.index)));
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
    if (hasChoices(outer) && !hasChoices(inner)) return withCorrect(listOf(outer), inner.replace(ANSWER_LEAD, '') || inner);
    // "6/9/12 (9)": numbers between slashes (no choices by themselves: 3/4, 6/9/12 as a date) are
    // when the answer in parentheses is one of them
    const slashed = outer.split(/\s*\/\s*/);
    const said = inner.replace(ANSWER_LEAD, '') || inner;
    if (!hasChoices(outer) && slashed.length >= 2 && slashed.some((x) => fold(x) === fold(said))) return withCorrect(slashed, said);
    // "? (1789)": the answer alone in parentheses
    if (!outer && !hasChoices(inner)) return { correct: inner };
  }
  if (a.split(/\s+/).length > 8) return undefined;
  return hasChoices(a) && listOf(a).length >= 2 ? { options: listOf(a) } : { correct: a };
}

function withCorrect(options: string[], correct: string | undefined): Answer {
  if (correct === undefined) return { options };
  const same = options.find((o) => fold(o) === fold(correct));
  return same ? { options, correct: same } : { options: [...options, correct], correct };
}
