import { conceptsIn } from './lexicon.js';
import { tokensOf } from './pieces.js';
import { cap } from './text.js';

// Two things joined by "or" are the choices of one field, labelled as written: "refund or exchange?",
// "pizza or tacos for the team lunch friday?", "préférez-vous un remboursement ou un échange ?",
// "Erstattung oder Umtausch". Each choice is as long as the other ("a refund or an exchange").

const ARTICLE = /^(?:a|an|the|un|une|le|la|les|l'|el|los|las|ein|eine|einen|einem|der|die|das|den|o|os|as|um|uma)\s+/iu;
/** what follows the second choice in its question: "tacos for the team lunch friday?" */
const AFTER_CHOICE = /\s+(?:for|to|at|in|on|this|next|with|pour|au|avec|ce|cette|para|en|con|este|esta|f[üu]r|zum|zur|am|mit|no|na|ao|com)(?:\s.*)?$/iu;
const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);
const namesNoField = (s: string) => conceptsIn(tokensOf(s)).length === 0;

export interface Alternatives {
  label: string;
  options: string[];
  /** what is written after the question's "?" */
  after: string;
}

/** "A or B …?": the head piece, the conjunction as written, the piece with the "?" */
export function alternativeQuestion(head: string, word: string, next: string): Alternatives | undefined {
  const q = next.indexOf('?');
  if (q < 0 || /⟦/.test(next.slice(0, q))) return undefined;
  const second = next.slice(0, q).trim().replace(AFTER_CHOICE, '').replace(ARTICLE, '').trim();
  const n = wordsOf(second).length;
  if (!n || n > 3) return undefined;
  const headWords = wordsOf(head);
  if (headWords.length < n) return undefined;
  const first = headWords.slice(-n).join(' ').replace(ARTICLE, '');
  if (!first || !namesNoField(first) || !namesNoField(second)) return undefined;
  return { label: cap(`${head} ${word} ${next.slice(0, q).trim()}?`), options: [first, second], after: next.slice(q + 1) };
}

/** "Erstattung oder Umtausch", "tea, coffee or juice": short choices alone, the last after "or" */
export function bareAlternatives(head: string, run: string[], word: string): Alternatives | undefined {
  const all = [head, ...run];
  if (all.some((a) => wordsOf(a).length > 3 || !namesNoField(a))) return undefined;
  return { label: `${all.slice(0, -1).join(', ')} ${word} ${all[all.length - 1]}`, options: all, after: '' };
}
