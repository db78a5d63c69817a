import { conceptsIn, isKindWord } from './lexicon.js';
import { HEAD_NOUNS, tokensOf } from './pieces.js';
import { fold } from './text.js';
import type { Locale } from './types.js';

// What the words of a choice field say of its choices, in the five languages: a plural noun asks
// for several ("needs", "services", "days available", "besoins", "Interessen"), and bare words
// after a noun that takes choices are its choices ("priority low medium high").

/** German plurals, which no ending tells apart */
const GERMAN_PLURALS = /^(?:interessen|themen|leistungen|dienstleistungen|tage|wochentage|sprachen|bedurfnisse|vorlieben|hobbys|allergien|extras|zutaten|facher|kurse|aktivitaten|bereiche|wunsche|beschwerden|symptome)$/u;
/** words ending in "s" that are no plurals, and plurals of nouns that choose one ("types", "sizes") */
const NOT_SEVERAL = /(?:ss|us|is|ous)$|^(?:yes|plus|status|types|kinds|sizes|levels|tipos|tailles|tallas|tamanhos|niveaux|niveles|nos|vos|les|des|mes|tes|ses|las|los|dos|das|ces|aus|mais|menos|plans|options|choices|ages|hours|heures|horas|dates|times|fois|temps|vez|veces|anos|ans|anos|sus|tus|mis|nous|vous|sous|dans|avec|pas|tres|sans|apres|depois|antes|entre|hors|chez|vers|alors)$/u;
const FUNCTION = /^(?:the|a|an|of|for|to|in|on|at|by|with|your|their|our|my|and|or|per|le|la|les|l'|de|du|des|d'|el|los|las|del|der|die|das|den|dem|von|vom|o|a|os|as|do|da|dos|das|um|uma|un|une|una|ein|eine|y|et|und|e|ou|o|oder|para|por|pour|f[üu]r|con|avec|mit|com|que|you|they|we|i)$/iu;

/** whether a field's words ask for several of its choices: a plural noun */
export function namesSeveral(head: string, locale: Locale): boolean {
  const ws = fold(head).split(/[^\p{L}']+/u).filter((w) => w.length >= 4 && !FUNCTION.test(w));
  if (locale === 'de') return ws.some((w) => GERMAN_PLURALS.test(w));
  return ws.some((w) => /[^s]s$/.test(w) && !NOT_SEVERAL.test(w) && conceptsIn(tokensOf(w)).every((h) => h.concept.type !== 'calendar' && h.concept.type !== 'time'));
}

/** "priority low medium high", "prioridade baixa média alta": three or more bare words after a noun that takes choices */
export function wordsAfter(head: string): { head: string; codes: string[]; label?: string } | undefined {
  const ws = head.trim().split(/\s+/);
  const at = ws.findIndex((w, i) => HEAD_NOUNS.test(w) && ws.length - i - 1 >= 3);
  if (at < 0) return undefined;
  const rest = ws.slice(at + 1);
  if (rest.length > 6 || rest.some((w) => FUNCTION.test(w) || conceptsIn(tokensOf(w)).length > 0 || !/^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u.test(w)) || tokensOf(head).some((t) => isKindWord(t.key))) return undefined;
  const label = ws.slice(0, at + 1).join(' ');
  return { head: label, codes: rest, label: label[0]!.toUpperCase() + label.slice(1) };
}
