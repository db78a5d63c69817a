import { conceptsIn, FORM_WORDS, hasKindPhrase, isKindWord, tokens, type Token } from './lexicon.js';
import { conjunctions, isOr, type Special } from './specials.js';
import { fold } from './text.js';
import type { Locale } from './types.js';

// A protected sentence → the phrase that names the kind of form (if any) and the pieces of its list,
// each with the separator that follows it ("," or a conjunction).

export interface Piece {
  text: string;
  /** the separator after this piece: ',' | '/' (spaced: "sehr gut / gut") | 'and' | 'or' | 'end' */
  sep: ',' | '/' | 'and' | 'or' | 'end';
  /** the conjunction as written ("or", "oder", "ou") */
  word?: string;
}

/** words that start a request and name nothing ("we need", "please ask for") */
const FILLER = /^(?:(?:so|ok|okay|hey|hi|basically|also|then|plus|and|or|et|y|und|e|with|please|pls|just|we|i|you|they|should|would|will|can|could|need|want|like|to|have|also|ask|asking|for|get|collect|include|including|enter|provide|give|gather|record|capture|add|a|an|the|their|your|his|her|our|my|me|us|some|them|une|un|una|uno|unos|unas|eine|einen|ein|um|uma|le|la|les|el|los|las|der|die|das|den|o|os|as|i'd like to know|i would like to know|we'd like to know|like to know|to know|know|find out|let|them|il faut|nous|je|veux|besoin|de|avec|pour|necesitamos|quiero|con|para|wir|brauchen|bitte|mit|precisamos|quero|com)\s+)+/iu;

export function stripFiller(text: string): string {
  let out = text.trim();
  for (let i = 0; i < 4; i++) {
    // "capture d'écran", "record a voice message": a filler word that begins a field's name stays
    const hit = conceptsIn(tokens(out))[0];
    if (hit && hit.start === 0 && hit.end > 1) break;
    const next = out.replace(FILLER, '').trim();
    if (next === out || !next) break;
    out = next;
  }
  return out;
}

/** A phrase that names a kind of form ("Contact form", "Simple newsletter signup"), not a field. */
export function isKindPhrase(text: string): boolean {
  const ts = tokens(text.replace(/⟦\d+⟧/g, ' '));
  if (!ts.length) return false;
  if (ts.some((t) => FORM_WORDS.has(t.key)) || hasKindPhrase(text)) return true;
  const covered = new Set<number>();
  for (const h of conceptsIn(ts)) for (let i = h.start; i < h.end; i++) covered.add(i);
  return ts.some((t, i) => !covered.has(i) && isKindWord(t.key));
}

/** "rate each talk:", "check each:" head rows, not a kind of form */
export const ROWS_HEAD = /\b(rate|check|score|notez|califica|bewerte|avalie)\b.*\b(each|every|chaque|cada|jede[nrs]?)\b|\bcheck ?list\b/iu;
/** "name email phone", "name and e-mail": a sentence that lists fields even without commas */
function namesFields(sentence: string): boolean {
  const ts = tokens(sentence);
  const found = conceptsIn(ts);
  const hits = found.length;
  // "a photo of the damage": a field named with what it shows
  if (found.some((h) => ['picture', 'document', 'video', 'audio'].includes(h.concept.type) && /^(of|de|du|des|del|do|da|von)$/.test(ts[h.end]?.key ?? ''))) return true;
  return hits >= 3 || (hits >= 2 && !hasFormWord(sentence) && /\s(and|et|y|und|e|&)\s/i.test(sentence));
}
const hasFormWord = (s: string) => tokens(s).some((t) => FORM_WORDS.has(t.key));

const INTRO = /\s*:\s+|\s*:$|\s+(?:with|w\/|avec|con|mit|com|asking for|asking|that asks for|that asks|including|containing|comprenant|incluant|incluyendo|inklusive)\s+|\s+[-–—]\s+/iu;

/** nouns after which the words are choices: "room type single, double or suite" */
export const HEAD_NOUNS = /^(type|kind|method|size|level|plan|category|option|choice|class|tier|package|flavou?r|colou?r|reason|occasion|frequency|preference|goals?|style|model|shifts?|slots?|format|mode|status|product|meal|menu|sessions?|days?|topics?|interests?|priority|urgency|severity|tipo|taille|talla|gr[öo]sse|tamanho|nivel|niveau|couleur|farbe|cor|motif|motivo|grund|art|typ|priorit[ée]|prioridade?|priorit[äa]t|urgence|urgencia|urg[êe]ncia|dringlichkeit|gravit[ée]|gravedad|gravidade|schweregrad|cat[ée]gorie|categor[íi]a|kategorie|m[ée]thode|m[ée]todo|methode|fr[ée]quence|frecuencia|frequ[êe]ncia|h[äa]ufigkeit|raison|raz[óo]n|statut|choix|elecci[óo]n|escolha|wahl|opci[óo]n|op[çc][ãa]o|estilo|stil|formato|modo|modus|forfait|paquete|paket|pacote|clase|classe|klasse|sabor|parfum|geschmack|produit|producto|produkt|produto|repas|men[úuü]|card[áa]pio|s[ée]ances?|sesi[óo]n|sess[ãa]o|sitzung|jours?|d[íi]as|tage?|sujets?|th[èe]mes?|temas?|themen?|int[ée]r[êe]ts|intereses|interessen|interesses)$/iu;

/** "ask for", "collect", "pedir", "demander", "abfragen" (German puts it last): fields follow */
const ASKS_FOR = /^(?:ask(?:ing)?(?: them)? for|ask|collect|pedir|pide|pida|demandez|demander|pergunte|perguntar|erfragen|abfragen)\s+|\s+(?:abfragen|erfragen|angeben)$/iu;
/** "reason for return: …", "type of home: …": the label of the choices after it */
export const namesChoices = (left: string) => HEAD_NOUNS.test(left.trim().split(/\s+/)[0]!);
/** "sign-up sheet for the meetings, preferred time slot: 3pm 4pm": the colon belongs to the field before it */
const fieldBeforeColon = (left: string) => left.includes(',') && conceptsIn(tokens(left.slice(left.lastIndexOf(',') + 1))).length > 0;
const listBefore = (left: string) => left.split(',').slice(0, -1).some((seg) => conceptsIn(tokens(seg)).length > 0);

/** whether a text holds a "pick one" or "pick any" mark */
export const choiceMarked = (text: string, specials: Special[]): boolean =>
  [...text.matchAll(/⟦(\d+)⟧/g)].some((m) => { const s = specials[Number(m[1])]; return s?.kind === 'mark' && (s.mark === 'one' || s.mark === 'many'); });

/** Splits "Contact form with name, e-mail" into the kind phrase and the list. */
export function splitIntro(sentence: string, specials: Special[] = []): { kind?: string; list: string } {
  // "ask for their name and class": a request for fields names no kind
  if (ASKS_FOR.test(sentence)) return { list: sentence.replace(ASKS_FOR, '') };
  const m = INTRO.exec(sentence);
  // "order number, email, reason for return: …": a colon after fields belongs to the last one
  if (m && m.index > 0 && !listBefore(sentence.slice(0, m.index)) && !namesChoices(sentence.slice(0, m.index)) && !fieldBeforeColon(sentence.slice(0, m.index))) {
    const left = sentence.slice(0, m.index);
    const right = sentence.slice(m.index + m[0].length);
    // "what workshops interest you? ⟦pick any⟧: …", "⟦choose one⟧ candidate: …": a question or a choice, not a kind
    if (isKindPhrase(left) && !ROWS_HEAD.test(left) && !left.includes('?') && !choiceMarked(left, specials)) return { kind: left.trim(), list: right };
    // "Tasting evening with name, e-mail …": what the form is for, then its fields
    if (!/[-–—]/.test(m[0]) && !/[?:]/.test(left) && conceptsIn(tokens(left)).length === 0 && conceptsIn(tokens(right)).length > 0) return { kind: left.trim(), list: right };
  }
  // "Simple newsletter signup", "Book a table at our restaurant": the kind only
  if (isKindPhrase(sentence) && !/[,?:]|⟦\d+⟧/.test(sentence) && !namesFields(sentence)) return { kind: sentence.trim(), list: '' };
  return { list: sentence };
}

/** The list's pieces: split at commas and conjunctions, separators kept. */
export function piecesOf(list: string, locale: Locale): Piece[] {
  const conj = conjunctions(locale);
  const out: Piece[] = [];
  const parts = list.split(/(\s*[,;]\s*|\s+\/\s+)/);
  for (let i = 0; i < parts.length; i += 2) {
    const sep = parts[i + 1]?.trim() === '/' ? '/' : ',';
    let rest = parts[i]!.trim();
    while (rest) {
      const m = conj.exec(rest);
      if (!m) break;
      const before = rest.slice(0, m.index).trim();
      if (before) out.push({ text: before, sep: isOr(m[1]!) ? 'or' : 'and', word: m[1] });
      else if (out.length) [out[out.length - 1]!.sep, out[out.length - 1]!.word] = [isOr(m[1]!) ? 'or' : 'and', m[1]];
      rest = rest.slice(m.index + m[0].length).trim();
    }
    if (rest) out.push({ text: rest, sep });
  }
  if (out.length) out[out.length - 1]!.sep = 'end';
  return out.filter((p) => p.text.replace(/[-–—:]/g, '').trim());
}

/** The placeholders in a text and the text without them. */
export function specialsIn(text: string, specials: Special[]): { text: string; found: Special[] } {
  const found: Special[] = [];
  const rest = text.replace(/⟦(\d+)⟧/g, (_m, n: string) => {
    found.push(specials[Number(n)]!);
    return ' ';
  });
  return { text: rest.replace(/\s+/g, ' ').trim(), found };
}

export const tokensOf = (text: string): Token[] => tokens(text.replace(/⟦\d+⟧/g, ' '));
export const foldedWords = (text: string) => fold(text).split(/\s+/).filter(Boolean);
