import { PHRASES } from './language.js';
import { conceptsIn } from './lexicon.js';
import { piecesOf, specialsIn, tokensOf } from './pieces.js';
import { rangeOf, type Special } from './specials.js';
import { cap, choices, fold } from './text.js';
import type { Locale, Made } from './types.js';

// "rate the food, the service and the price from 1 to 5", "note de 1 à 5 : accueil, propreté,
// prix", "rate your manager, pay and hours (each from very poor to excellent)": several things
// rated on one scale are one checkList, its rows the things and its options the scale.

/** the verb (or noun) that asks for a rating, at the start of a list or after a separator */
const RATE = /(?:^|[,;:.–—-]\s*|\s(?:and|et|y|und|e|then|puis|luego|dann|depois)\s+)(?:(?:please|pls|bitte|por favor|s'il vous pla[iî]t|que|also)\s+)?(how would you rate|how do you rate|rate|rating of|score|grade|evaluate|assess|notez|noter|note|[ée]valuez|[ée]valuer|califica|calificar|califique|calif[ií]quen|eval[úu]a|eval[úu]e|valora|valore|valoren|punt[úu]a|bewerte|bewerten|beurteile|beurteilen|avalie|avaliar|avaliem|classifique|d[êe] uma nota (?:a|para))(?:\s+(?:sie|you|vous|usted))?(?![\p{L}])/iu;
/** "each from very poor to excellent", "de mauvais à excellent": a scale in words */
const WORD_SCALE = /^(?:each\s+|chacun\s+|cada uno\s+|jeweils\s+|cada\s+)?(?:from|de|del|von|entre|on a scale (?:of|from))\s+(.{2,30}?)\s+(?:to|à|a|al|bis|até|e|and)\s+(.{2,30})$/iu;
/** scales people name by their ends, with the steps between (en; others keep their ends) */
const KNOWN_SCALES: string[][] = [
  ['very poor', 'poor', 'fair', 'good', 'excellent'],
  ['poor', 'fair', 'good', 'very good', 'excellent'],
  ['very dissatisfied', 'dissatisfied', 'neutral', 'satisfied', 'very satisfied'],
  ['strongly disagree', 'disagree', 'neutral', 'agree', 'strongly agree'],
  ['never', 'rarely', 'sometimes', 'often', 'always'],
  ['très mauvais', 'mauvais', 'moyen', 'bon', 'excellent'],
  ['muy malo', 'malo', 'regular', 'bueno', 'excelente'],
  ['sehr schlecht', 'schlecht', 'mittel', 'gut', 'sehr gut'],
  ['muito ruim', 'ruim', 'regular', 'bom', 'excelente'],
];
/** rows end where a field of another kind starts ("…, and a box for comments") */
const NOT_A_ROW = new Set(['longText', 'email', 'phone', 'name', 'picture', 'document', 'signature', 'video', 'audio', 'calendar', 'time', 'address']);
const ARTICLE = /^(?:the|our|your|their|its|a|an|le|la|les|l'|nos|vos|votre|notre|el|los|las|nuestro|nuestra|su|sus|der|die|das|den|unser|unsere|ihr|ihre|o|a|os|as|nosso|nossa|seu|sua)\s+/iu;

function scaleNames(special: Special | undefined, text: string): string[] | undefined {
  const range = special?.kind === 'range' ? special : special?.kind === 'paren' ? rangeOf(special.text) : undefined;
  if (range) return Array.from({ length: range.hi - range.lo + 1 }, (_, i) => String(range.lo + i));
  const words = WORD_SCALE.exec((special?.kind === 'paren' ? special.text : text).trim());
  if (!words) return undefined;
  const [lo, hi] = [fold(words[1]!), fold(words[2]!)];
  const known = KNOWN_SCALES.find((s) => fold(s[0]!) === lo && fold(s[s.length - 1]!) === hi);
  return (known ?? [words[1]!, words[2]!]).map(cap);
}

/** the things rated, from the start of the text; what follows them */
function rowsOf(text: string, specials: Special[], locale: Locale): { rows: string[]; rest: string } {
  const rows: string[] = [];
  const pieces = piecesOf(text, locale);
  let k = 0;
  for (; k < pieces.length; k++) {
    const row = specialsIn(pieces[k]!.text, specials).text.replace(/^[:\s]+/, '').replace(ARTICLE, '').trim();
    if (!row || row.split(/\s+/).length > 5 || /⟦/.test(pieces[k]!.text) || conceptsIn(tokensOf(row)).some((h) => NOT_A_ROW.has(h.concept.type))) break;
    rows.push(cap(row));
  }
  return { rows, rest: pieces.slice(k).map((p) => p.text).join(', ') };
}

export interface Rated {
  before: string;
  made: Made;
  after: string;
}

/** A rating of several things on one scale in a sentence, and the text around it. */
export function readRated(sentence: string, specials: Special[], locale: Locale): Rated | undefined {
  const verb = RATE.exec(sentence);
  if (!verb) return undefined;
  const start = verb.index + verb[0].length;
  const rest = sentence.slice(start);
  const mark = /⟦(\d+)⟧/g;
  let scale: { names: string[]; at: number; end: number } | undefined;
  for (let m = mark.exec(rest); m && !scale; m = mark.exec(rest)) {
    const names = scaleNames(specials[Number(m[1])], '');
    if (names) scale = { names, at: m.index, end: m.index + m[0].length };
  }
  const inline = /\s(?:each\s+)?(?:from|de|del|von)\s+[^,;:⟦]{2,30}\s(?:to|à|a|al|bis|até)\s[^,;:⟦]{2,30}$/iu.exec(rest);
  if (!scale && inline) scale = { names: scaleNames(undefined, inline[0])!, at: inline.index, end: rest.length };
  if (!scale?.names) return undefined;
  const head = rest.slice(0, scale.at);
  let rows = rowsOf(head, specials, locale);
  let after = rest.slice(scale.end);
  // "note de 1 à 5 : accueil, propreté, prix", "avalie de 1 a 5 o atendimento, a limpeza e o preço"
  if (rows.rows.length < 2 && head.trim().split(/\s+/).filter(Boolean).length <= 3 && !/[,;]/.test(head)) {
    rows = rowsOf(after.replace(/^\s*[:,-]?\s*/, ''), specials, locale);
    after = rows.rest;
  } else if (rows.rest.trim()) return undefined;
  if (rows.rows.length < 2 || rows.rows.length > 15) return undefined;
  const field = { type: 'checkList' as const, option: { label: PHRASES.rating[locale], rowLabels: rows.rows, options: choices(scale.names) } };
  return { before: sentence.slice(0, verb.index), made: { field, concept: 'rating' }, after: after.replace(/^[\s,;:.]+/, '') };
}
