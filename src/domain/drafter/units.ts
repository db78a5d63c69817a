import { conceptsIn } from './lexicon.js';
import { FORM_WORDS } from './lexicon.js';
import { choiceMarked, HEAD_NOUNS, isKindPhrase, namesChoices, piecesOf, ROWS_HEAD, specialsIn, stripFiller, tokensOf, type Piece } from './pieces.js';
import { protect, unslashed, type Special } from './specials.js';
import { alternativeQuestion, bareAlternatives } from './alternatives.js';
import type { Locale } from './types.js';
import { codesOf, fold } from './text.js';
import { ASKS_YES_NO, IF_START, QUESTION_START } from './questionWords.js';

// Pieces → units: one unit per field to make, with the choices written after it gathered in
// ("T-shirt size S, M or L", "interests: tech, travel, food (pick any)", "colour (red, blue)").

export interface Unit {
  head: string;
  options?: string[];
  specials: Special[];
  question: boolean;
  /** the choices came from parentheses (after a field that takes none, they are its hint) */
  fromParen?: boolean;
  /** "hours for Monday, …": one value per row */
  perRow?: boolean;
  /** the choices in parentheses are examples ("city (e.g. Paris, Lyon)"): a hint */
  examples?: boolean;
}


const STOP = /^(they|you|we|i|he|she|it|prefer|like|want|their|your|to|the|a|an|is|are|would|will)$/i;
const QUALIFIER = /^(preferred|favou?rite|main|usual|pr[ée]f[ée]r[ée]e?|favorit[oa]|preferid[oa]|bevorzugte[rn]?|liebste[rn]?|principal)$/iu;
const PER_ROW = /^(?:for|per|pour|par|para|por|für|pro|de)\s+/iu;
/** "each", "jeweils": the choices after it are those of every field of the list before it */
const EACH = /\s(?:each|jeweils|chacun(?:e)?|cada (?:uno|una|um|uma)|respectivamente)\s/iu;
const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);

/**
 * optionLike's answers, by piece (a piece rewritten is a new object) and allowConcepts: a list of n
 * short pieces is asked about again from each piece of it (collectRun), n² answers made once each.
 * Only while one prompt is read (the specials and locale are that prompt's).
 */
let optionAnswers: WeakMap<Piece, [boolean?, boolean?]> | undefined;

function optionLike(piece: Piece, specials: Special[], allowConcepts: boolean, locale: Locale): boolean {
  if (!optionAnswers) return readOptionLike(piece, specials, allowConcepts, locale);
  const known = optionAnswers.get(piece) ?? [];
  const k = allowConcepts ? 1 : 0;
  if (known[k] === undefined) {
    known[k] = readOptionLike(piece, specials, allowConcepts, locale);
    optionAnswers.set(piece, known);
  }
  return known[k]!;
}

function readOptionLike(piece: Piece, specials: Special[], allowConcepts: boolean, locale: Locale): boolean {
  const { text, found } = specialsIn(piece.text, specials);
  // a piece with its own choices, scale or yes/no is a field of its own
  if (found.some((s) => s.kind === 'yesno' || s.kind === 'range' || s.kind === 'week' || s.kind === 'cascade' || (s.kind === 'paren' && readParen(s.text, locale).marks.length === 0))) return false;
  const clean = text.replace(/^[-–—\s]+|[-–—\s]+$/g, '');
  if (!clean || /[:?]/.test(clean) || wordsOf(clean).length > 4) return false;
  if (/^(also|plus|then|and|any|some|your|their|ask|et|y|und|e|aussi|tambi[ée]n|auch|tamb[ée]m)\b/iu.test(clean)) return false;
  if (tokensOf(clean).some((t) => FORM_WORDS.has(t.key))) return false;
  // "how many portions", "si lleva gluten", "préférez-vous …": a question of its own, not a choice
  if (startsQuestion(clean)) return false;
  // "meal choice of beef": a label and its first choice start a field of their own
  if (wordsOf(clean).slice(0, -1).some((w) => HEAD_NOUNS.test(w))) return false;
  return allowConcepts || conceptsIn(tokensOf(clean)).length === 0;
}

const startsQuestion = (text: string) => [QUESTION_START, ASKS_YES_NO, IF_START].some((re) => re.test(fold(text)));
/** words between a label and its first choice: "meal choice of beef", "choix entre A et B" */
const LINK = /^(?:of|between|from|among|de|d'|entre|parmi|zwischen|aus|von)\s+/iu;

const EXAMPLE = /^(?:e\.g\.|eg|like|such as|par ex\.?|z\.b\.|por ej(?:emplo)?\.?|p\.ex\.?)\s*/i;
const marksOf = (found: Special[]) => found.filter((s) => s.kind !== 'paren');

/** A parenthesis: its marks, or its fields ("(date and time)"), or its choices ("(S, M, L)"). */
function readParen(inner: string, locale: Locale): { marks: Special[]; fields?: Unit[]; options?: string[]; examples?: boolean } {
  const p = protect(unslashed(inner));
  const pieces = piecesOf(p.text, locale);
  const marks = p.specials.filter((s) => s.kind !== 'paren');
  // "(choose all that apply: a, b)": the mark's colon is no part of the first choice
  const items = pieces.map((x) => specialsIn(x.text, p.specials).text.replace(/^[:\s]+/, '')).filter(Boolean);
  if (!items.length) return { marks };
  if (items.every((i) => conceptsIn(tokensOf(i)).length > 0)) return { marks, fields: items.map((head) => ({ head, specials: [], question: false })) };
  const examples = EXAMPLE.test(items[0]!) || /(?:etc\.?|…)$/i.test(items[items.length - 1]!);
  return { marks, examples, options: items.map((i) => i.replace(EXAMPLE, '').replace(/\s*(?:etc\.?|…)$/i, '')).filter(Boolean) };
}

/** Splits "T-shirt size S" into the head and its first choice. */
function splitInline(text: string, runWords: number, slashed: boolean): { head: string; first: string[]; perRow: boolean; each?: boolean } | undefined {
  // "Lieferzuverlässigkeit, Qualität, Preis-Leistung jeweils sehr gut / gut": one scale for each field before
  const each = EACH.exec(text);
  if (each && each.index > 0 && text.slice(each.index + each[0].length).trim()) return { head: text.slice(0, each.index).trim(), first: [text.slice(each.index + each[0].length).trim()], perRow: false, each: true };
  const ws = wordsOf(text);
  const ts = tokensOf(text);
  const hits = conceptsIn(ts);
  let at = -1;
  if (hits.length && ts.length === ws.length) at = hits[hits.length - 1]!.end;
  else {
    const noun = ws.findIndex((w, i) => i < ws.length - 1 && HEAD_NOUNS.test(w));
    if (noun >= 0) at = noun + 1;
  }
  if (hits.length && at === ws.length) return undefined;
  // "how many people in their party": a count takes no choices
  if (/^(number of|how many|nombre d|n[úu]mero de|anzahl|quantidade de|cantidad de|combien|cu[áa]nt[oa]s|quant[oa]s|wie viele)/iu.test(text)) return undefined;
  if (at > 0 && at < ws.length) {
    while (at < ws.length - 1 && HEAD_NOUNS.test(ws[at]!)) at++;
    let rest = ws.slice(at).join(' ');
    const perRow = PER_ROW.test(rest);
    rest = rest.replace(PER_ROW, '').replace(LINK, '');
    let restWords = wordsOf(rest);
    // "couleur préférée rouge": a qualifier belongs to the label
    let head = ws.slice(0, at).join(' ');
    while (restWords.length > 1 && QUALIFIER.test(restWords[0]!)) [head, restWords] = [`${head} ${restWords[0]}`, restWords.slice(1)];
    rest = restWords.join(' ');
    // "room type single double": each word a choice; "time slot they prefer 9-11": the last one
    if (perRow || runWords > 1 || slashed) return { head, first: [rest], perRow };
    if (restWords.length <= 3 && !restWords.some((w) => STOP.test(w))) return { head, first: restWords, perRow };
    return { head: ws.slice(0, -1).join(' '), first: [ws[ws.length - 1]!], perRow };
  }
  if (/^(number of|how many|nombre de|n[úu]mero de|anzahl)\b/iu.test(text)) return undefined;
  // "grade very good / good / poor": the first word names the field, the rest is its first choice
  if (slashed && ws.length > 1 && ws.length <= 4) return { head: ws[0]!, first: [ws.slice(1).join(' ')], perRow: false };
  if (ws.length > runWords) return { head: ws.slice(0, -runWords).join(' '), first: [ws.slice(-runWords).join(' ')], perRow: false };
  return undefined;
}

/** The choices written after a head: short pieces up to the one after "or"/"and" or a "pick any". */
function collectRun(pieces: Piece[], i: number, specials: Special[], allowConcepts: boolean, locale: Locale, unit: Unit): { run: string[]; j: number; closed: boolean } {
  const run: string[] = [];
  let j = i + 1;
  let closed = false;
  for (; !unit.options && j < pieces.length && optionLike(pieces[j]!, specials, allowConcepts, locale); j++) {
    const s = specialsIn(pieces[j]!.text, specials);
    run.push(s.text.replace(/^[-–—\s]+|[-–—\s]+$/g, ''));
    unit.specials.push(...marksOf(s.found));
    for (const p of s.found) if (p.kind === 'paren') unit.specials.push(...readParen(p.text, locale).marks);
    const own = [...s.found, ...s.found.flatMap((p) => (p.kind === 'paren' ? readParen(p.text, locale).marks : []))];
    const marked = own.some((x) => x.kind === 'mark' && (x.mark === 'many' || x.mark === 'one'));
    // "sehr gut / gut / mangelhaft, Bemerkungen": choices between spaced slashes end with the last slash
    const sep = pieces[j - 1]!.sep;
    if ((sep !== ',' && sep !== '/') || marked || (sep === '/' && pieces[j]!.sep !== '/')) {
      closed = true;
      j++;
      break;
    }
  }
  return { run, j, closed };
}

/** "categoría sub-12, sub-15, sub-18" at the end of the list: choices after a noun that takes them */
const endsList = (head: string, run: string[], j: number, n: number) => j >= n && run.length >= 2 && wordsOf(head).length <= 3 && wordsOf(head).slice(0, -1).some((w) => HEAD_NOUNS.test(w));

/** the fields written just before "X each a / b / c" that name nothing of their own take its choices */
function shareChoices(units: Unit[], options: string[]): void {
  for (let k = units.length - 1; k >= 0 && !units[k]!.options && !units[k]!.question && conceptsIn(tokensOf(units[k]!.head)).length === 0; k--) units[k]!.options = options;
}

/** the choices written after an inline head ("T-shirt size S, M or L", "tea, coffee or juice"): whether it takes them */
function takeRun(unit: Unit, units: Unit[], run: string[], pieces: Piece[], i: number, j: number): boolean {
  const split = splitInline(unit.head, Math.min(...run.map((r) => wordsOf(r).length)), pieces[i]!.sep === '/');
  const bare = !split && pieces[j - 2]?.sep === 'or' ? bareAlternatives(unit.head, run, pieces[j - 2]!.word ?? 'or') : undefined;
  if (split) {
    [unit.head, unit.options, unit.perRow] = [split.head, [...split.first, ...run], split.perRow];
    if (split.each) shareChoices(units, unit.options);
  } else if (bare) [unit.head, unit.options] = [bare.label, bare.options];
  return Boolean(split || bare);
}

/** a colon's left side that names the kind of form ("Registration form: …"), not a field */
function isKindPhraseHead(left: string): boolean {
  return isKindPhrase(left) && !startsQuestion(left.trim()) && !namesChoices(left);
}

/** The units of one list. */
export function unitsOf(list: string, specials: Special[], locale: Locale): Unit[] {
  // one prompt's answers (a parenthesis read inside it shares them: its pieces are objects of their own)
  const outermost = optionAnswers === undefined;
  if (outermost) optionAnswers = new WeakMap();
  try {
    return readUnits(list, specials, locale);
  } finally {
    if (outermost) optionAnswers = undefined;
  }
}

function readUnits(list: string, specials: Special[], locale: Locale): Unit[] {
  const pieces = piecesOf(list, locale);
  const units: Unit[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const { text: raw, found } = specialsIn(pieces[i]!.text, specials);
    const text = raw.replace(/^[-–—\s]+|[-–—\s]+$/g, '');
    const unit: Unit = { head: text, specials: marksOf(found), question: false };
    for (const paren of found.filter((s): s is Special & { kind: 'paren' } => s.kind === 'paren')) {
      const read = readParen(paren.text, locale);
      unit.specials.push(...read.marks);
      if (read.options) [unit.options, unit.fromParen, unit.examples] = [read.options, true, read.examples];
      if (read.fields) {
        if (text) units.push({ ...unit });
        units.push(...read.fields);
        unit.head = '';
      }
    }
    if (!unit.head) {
      // "…, yes or no, …" or "(optional)" alone: it belongs to the field before; "country, then city" is one
      if (units.length && unit.specials.length) units[units.length - 1]!.specials.push(...unit.specials);
      else if (unit.specials.some((s) => s.kind !== 'mark')) units.push(unit);
      continue;
    }
    const colon = unit.head.indexOf(':');
    const q = unit.head.indexOf('?');
    let mode: 'colon' | 'question' | 'inline' = 'inline';
    let rest = '';
    // "⟦tick any⟧: a, b": a mark heads the list after its colon
    if (colon >= 0 && (colon > 0 || unit.specials.length) && (q < 0 || colon < q)) {
      const left = unit.head.slice(0, colon);
      rest = unit.head.slice(colon + 1).trim();
      // "Registration form: …" names the kind; "Avaliação: nota de 0 a 10" a heading: the rest is the list
      const restIsList = rest !== '' && !optionLike({ text: pieces[i]!.text.slice(pieces[i]!.text.indexOf(':') + 1), sep: ',' }, specials, true, locale);
      if ((isKindPhraseHead(left) || restIsList) && !ROWS_HEAD.test(left) && !choiceMarked(pieces[i]!.text.slice(0, pieces[i]!.text.indexOf(':')), specials)) {
        pieces[i] = { ...pieces[i]!, text: pieces[i]!.text.slice(pieces[i]!.text.indexOf(':') + 1) };
        i--;
        continue;
      }
      [unit.head, mode] = [left.trim(), 'colon'];
    } else if (q > 0) {
      rest = unit.head.slice(q + 1).trim();
      [unit.head, mode, unit.question] = [unit.head.slice(0, q + 1).trim(), 'question', true];
      const raw = pieces[i]!.text;
      const after = raw.slice(raw.indexOf('?') + 1);
      if (rest && !optionLike({ text: after, sep: ',' }, specials, false, locale)) {
        // "why adopt? signature ⟦required⟧": the marks after the "?" belong to the field after it
        const later = specialsIn(after, specials).found;
        unit.specials = unit.specials.filter((s) => !later.includes(s));
        units.push(unit);
        pieces[i] = { ...pieces[i]!, text: after };
        i--;
        continue;
      }
    }
    const asked = mode === 'inline' && pieces[i]!.sep === 'or' && pieces[i + 1] ? alternativeQuestion(unit.head, pieces[i]!.word ?? 'or', pieces[i + 1]!.text) : undefined;
    if (asked) {
      units.push({ ...unit, head: asked.label, options: asked.options, question: true });
      if (asked.after.trim()) pieces[i + 1] = { ...pieces[i + 1]!, text: asked.after };
      else i++;
      continue;
    }
    const allowConcepts = (mode === 'colon' && wordsOf(unit.head).some((w) => HEAD_NOUNS.test(w))) || ROWS_HEAD.test(unit.head);
    // "time slot: 3pm 4pm 5pm, name": choices written as codes end at the comma
    const { run, j, closed } = mode === 'colon' && codesOf(rest) ? { run: [], j: i + 1, closed: true } : collectRun(pieces, i, specials, allowConcepts, locale, unit);
    if (mode !== 'inline') {
      if (rest || run.length) {
        unit.options = [...(rest ? [rest] : []), ...run, ...(unit.options ?? [])];
        i = j - 1;
      }
    } else if (run.length && (closed || endsList(unit.head, run, j, pieces.length)) && takeRun(unit, units, run, pieces, i, j)) i = j - 1;
    units.push(unit);
  }
  return units.map((u) => (u.question ? u : { ...u, head: stripFiller(u.head) })).filter((u) => u.head || u.options || u.specials.length);
}
