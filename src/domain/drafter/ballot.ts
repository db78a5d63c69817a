import { archetypeOf, conceptsIn, FORM_WORDS } from './lexicon.js';
import { piecesOf, specialsIn, stripFiller, tokensOf } from './pieces.js';
import { QUESTION_START } from './questionWords.js';
import type { Special } from './specials.js';
import { cap, choices, fold } from './text.js';
import type { Locale, Made } from './types.js';

// "Vote for president: Maya Chen, Jordan Lee, Sam Ortiz", "what's your favourite flavour poll -
// vanilla, chocolate, mint", "Votez pour le délégué : …": after a phrase that names a vote or asks a
// question, a list of bare names is its choices, not fields.

const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);

/** The one choice field of a vote or a question and its list, when the list names no field. */
export function ballotOf(kind: string, list: string, specials: Special[], locale: Locale): Made | undefined {
  const asks = QUESTION_START.test(fold(kind.trim()).replace(/^(\p{L}+)'s\b/u, '$1 is')) || archetypeOf(kind)?.id === 'vote';
  if (!asks) return undefined;
  const items = piecesOf(list, locale).map((p) => specialsIn(p.text, specials));
  if (items.length < 2 || items.some((i) => i.found.length || !i.text || wordsOf(i.text).length > 4 || /[?:]/.test(i.text) || conceptsIn(tokensOf(i.text)).length)) return undefined;
  const ws = wordsOf(stripFiller(kind.replace(/⟦\d+⟧/g, ' ')));
  while (ws.length > 1 && FORM_WORDS.has(fold(ws[ws.length - 1]!))) ws.pop();
  return { field: { type: 'radio', option: { label: cap(ws.join(' ')), options: choices(items.map((i) => cap(i.text))), required: true } } };
}
