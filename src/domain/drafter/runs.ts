import { conceptByPhrase, conceptsIn, type ConceptHit, type Token } from './lexicon.js';
import { tokensOf } from './pieces.js';
import { ASKS_YES_NO, QUESTION_START } from './questionWords.js';
import { fold, isCode } from './text.js';

// A run of field words without separators ("name email phone", "nom prénom date de naissance
// adresse email", "Name Vorname Geburtsdatum"): one field per field phrase, the longest phrase
// first, the words around a phrase kept with it ("téléphone des parents", "parent email").

/** words that join a word to the field before it: "téléphone des parents", "name of the child", "link to portfolio" */
const LINK = /^(?:of|for|to|de|d'|du|des|del|da|do|das|dos|von|vom|der|des|zu|zum|zur|f[üu]r|pour|para|por|au|aux|al|ao|à)$/u;
/** words that separate the fields of a run: "name w/ email + phone" */
const SEPARATOR = /^(?:and|with|plus|et|avec|y|con|und|mit|e|com)$/u;
/** words that say nothing of their own in a run */
const QUIET = /^(?:the|a|an|your|their|his|her|my|our|le|la|les|l'|el|los|las|der|die|das|den|dem|o|a|os|as|un|une|una|um|uma|ein|eine|and|et|y|und|e)$/u;
const COUNT_START = /^(?:number of|how many|nombre d|n[úu]mero de|anzahl|quantidade de|cantidad de|combien)/u;

/**
 * "email address" inside a longer run: the words are two fields of their own when each is one
 * ("… adresse email" after three other fields is an address and an e-mail).
 */
function splitCompounds(ts: Token[], hits: ConceptHit[]): ConceptHit[] {
  if (hits.length < 3) return hits;
  return hits.flatMap((h) => {
    if (h.end - h.start !== 2) return [h];
    const [a, b] = [conceptByPhrase(ts[h.start]!.key), conceptByPhrase(ts[h.start + 1]!.key)];
    if (!a || !b || a.id === b.id || a.type === b.type) return [h];
    return [{ concept: a, start: h.start, end: h.start + 1 }, { concept: b, start: h.start + 1, end: h.end }];
  });
}

export interface RunPart {
  /** the words of one field, as written */
  text: string;
  /** the same field word is written twice in the run ("Nom Prénom"): label each as written */
  twice: boolean;
}

/** The fields of a run of field words, or nothing when the words are one field or a question. */
export function runOf(head: string): RunPart[] | undefined {
  const plain = fold(head);
  if (QUESTION_START.test(plain) || ASKS_YES_NO.test(plain) || COUNT_START.test(plain)) return undefined;
  const ts = tokensOf(head);
  const hits = splitCompounds(ts, conceptsIn(ts));
  if (hits.length < 2) return undefined;
  const gaps: Token[][] = [];
  for (let k = 0; k <= hits.length; k++) gaps.push(ts.slice(k ? hits[k - 1]!.end : 0, k < hits.length ? hits[k]!.start : ts.length).filter((t) => !SEPARATOR.test(t.key)));
  const loud = (g: Token[]) => g.filter((t) => !QUIET.test(t.key) && !LINK.test(t.key) && !isCode(t.text));
  // "name of the company", "date for the delivery": one field qualified by another
  if (gaps.slice(1, -1).some((g) => g.length && !loud(g).length)) return undefined;
  if (gaps.some((g) => loud(g).length > 3) || gaps.reduce((n, g) => n + loud(g).length, 0) > hits.length) return undefined;
  const parts: Token[][] = hits.map((h) => ts.slice(h.start, h.end));
  gaps.forEach((g, k) => {
    if (!g.length) return;
    // words before a field are its own ("parent email"); after it, when a link starts them ("des parents")
    const after = k === hits.length || (k > 0 && LINK.test(g[0]!.key));
    if (after) parts[k - 1]!.push(...g);
    else parts[k]!.unshift(...g);
  });
  const ids = hits.map((h) => h.concept.id);
  return parts.map((p, k) => ({ text: p.map((t) => t.text).join(' '), twice: ids.indexOf(ids[k]!) !== ids.lastIndexOf(ids[k]!) }));
}
