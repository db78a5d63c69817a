import type { Locale } from './types.js';

// The parts of a sentence that are not field names: lists in parentheses, "pick any"/"optional"
// marks, "yes or no", "1 to 5", "Monday to Friday", "country, then city". Each is cut out and
// replaced by a placeholder ⟦n⟧ before the sentence is split at commas and "and", so that a list
// of choices stays whole.

export type Special =
  | { kind: 'paren'; text: string }
  | { kind: 'mark'; mark: 'many' | 'one' | 'optional' | 'required' }
  | { kind: 'yesno' }
  | { kind: 'range'; lo: number; hi: number }
  | { kind: 'week'; from: number; to: number }
  | { kind: 'cascade'; levels: string[] };

export const MARKS: Array<[Special & { kind: 'mark' }, RegExp]> = [
  [{ kind: 'mark', mark: 'many' }, /\b(?:(?:pick|choose|select|tick|check|mark) as many as (?:you like|you want|apply|needed)|as many as (?:you like|you want|apply)|(?:pick|choose|select|tick|check|mark) (?:all|any) that apply|any that apply|tout ce qui s'applique|toutes? (?:les )?r[ée]ponses? (?:possibles?|qui s'appliquent)|tod[oa]s (?:l[oa]s )?que (?:apliquen|correspondan)|marque tod[oa]s (?:[oa]s )?que se aplicam|tod[oa]s (?:[oa]s )?que se aplicam|alle zutreffenden|mehrfachnennungen? m[öo]glich|(?:pick|choose|select|tick|check|mark) (?:any|all|several|multiple)(?: that apply| of)?|all that apply|cochez(?: tout ce qui s'applique| les cases?)?|marca todos los que correspondan|marca (?:todos|todas|las que|los que)|marque (?:se tem|todos|todas|os que|as que)|marque|ankreuzen|kreuzen sie an|pode marcar (?:os dois|v[áa]rios|v[áa]rias|mais de um)|multiple (?:choices|answers|choice)|plusieurs choix possibles|plusieurs choix|choix multiples?|plusieurs r[ée]ponses|elige var(?:ios|ias)|selecciona var(?:ios|ias)|varias opciones|mehrere m[öo]glich|mehrfachauswahl|mehrere|escolha v[áa]rios|escolha v[áa]rias|v[áa]rias op[çc][õo]es)\b/giu],
  [{ kind: 'mark', mark: 'one' }, /\b(?:(?:choose|pick|select|vote for|elect|tick) (?:only )?one(?: of(?: these| the following)?)?|choisi(?:ssez|s) (?:un(?:e)? seul(?:e)?|un(?:e)?)(?= |:)|un(?:e)? seul(?:e)?|(?:elige|elija|escoge|escoja|selecciona|seleccione|vota por) (?:s[óo]lo )?un[oa]?|s[óo]lo un[oa]|w[äa]hle(?:n sie)? (?:nur )?ein(?:e|en)?|(?:escolha|escolher|selecione|vote em) (?:apenas )?uma?|apenas uma?|(?:choose|pick|select) (?:one|only one)|only one|un seul choix|une seule r[ée]ponse|elige un[oa]|una opci[óo]n|nur eine|escolha uma?)\b/giu],
  [{ kind: 'mark', mark: 'optional' }, /\b(?:optional|optionnel(?:le)?|facultati(?:f|ve)|opcional|freiwillig|if any|not required|if (?:you|they) have one|si vous en avez|si tienes|falls vorhanden|se tiver)\b/giu],
  [{ kind: 'mark', mark: 'required' }, /\b(?:required|mandatory|compulsory|must|has to|have to|doit|doivent|debe|deben|muss|m[üu]ssen|deve|devem|obligatoire|obligatori[oa]|obrigat[óo]ri[oa]|pflicht(?:feld)?|erforderlich)\b/giu],
];

const YES_NO = /\b(?:[yojs]\s*\/\s*n(?![\p{L}\/])|(?<=\p{L}\s+)(?:or not|ou pas|oder nicht|ou n[ãa]o)|yes\s*(?:\/|or)\s*no|oui\s*(?:\/|ou)\s*non|s[íi]\s*(?:\/|o)\s*no|ja\s*(?:\/|oder)\s*nein|sim\s*(?:\/|ou)\s*n[ãa]o)(?![\p{L}])/giu;
const RANGE = /(?:\b(?:from|de|del|von|entre|on a scale of|scale of|sur une [ée]chelle de|en una escala del?|auf einer skala von|numa escala de)\s+)?\b([01])\s*(?:to|-|–|à|a|al|bis|through|até|au)\s*(\d{1,2})\b(?!\s*(?:am|pm|h\b|:\d))/giu;
const DAY = '(monday|mon|lundi|lunes|montag|segunda(?:-feira)?|tuesday|wednesday|thursday|friday|saturday|sunday|mardi|mercredi|jeudi|vendredi|samedi|dimanche|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|ter[çc]a|quarta|quinta|sexta)';
const WEEK = new RegExp(`\\b${DAY}\\s*(?:to|through|thru|-|–|…|\\.\\.\\.|au|a|à|al|bis|até)\\s*${DAY}\\b`, 'giu');
// (?<!\p{L}): a match starts at a word's first letter, else a long word is tried at each of its letters (quadratic)
const CASCADE = /(?<!\p{L})(\p{L}+),?\s+(?:(?:and|et|y|und|e)\s+)?(?:then|puis|ensuite|luego|despu[ée]s|dann|danach|depois)\s+(?:(?:your|a|an|the|its|their|votre|ta|la|le|sa|su|tu|el|deine?|ihre?|die|den|der|o|a|seu|sua)\s+)?(\p{L}+)/giu;

const DAY_INDEX: Array<[RegExp, number]> = [
  [/^(monday|mon|lundi|lunes|montag|segunda)/, 0], [/^(tuesday|mardi|martes|dienstag|ter[çc]a)/, 1], [/^(wednesday|mercredi|mi[ée]rcoles|mittwoch|quarta)/, 2],
  [/^(thursday|jeudi|jueves|donnerstag|quinta)/, 3], [/^(friday|vendredi|viernes|freitag|sexta)/, 4], [/^(saturday|samedi|s[áa]bado|samstag)/, 5], [/^(sunday|dimanche|domingo|sonntag)/, 6],
];
const dayIndex = (w: string) => DAY_INDEX.find(([re]) => re.test(w.toLowerCase()))?.[1] ?? 0;

/** a day of the week as people abbreviate it ("mon", "Tues.", "jeu", "mié") or write it whole */
const DAY_WORD = new RegExp(`^(?:${DAY}|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lun|mar|mer|jeu|ven|sam|dim|mi[ée]|jue|vie|s[áa]b|dom)\\.?$`, 'iu');

/** "(mon wed fri)": days with nothing between them are a list of them, "mon, wed, fri" */
function daysListed(inner: string): string {
  const words = inner.split(/\s+/);
  return words.length >= 2 && words.every((w) => DAY_WORD.test(w)) ? words.join(', ') : inner;
}

/** "1-5", "de 0 à 10" alone: the scale it names */
export function rangeOf(text: string): { lo: number; hi: number } | undefined {
  const m = new RegExp(`^\\s*(?:${RANGE.source})\\s*$`, 'iu').exec(text);
  return m && Number(m[2]) >= 4 && Number(m[2]) <= 10 ? { lo: Number(m[1]), hi: Number(m[2]) } : undefined;
}

export interface Protected {
  text: string;
  specials: Special[];
}

/** "talk format — lightning talk, 30 min talk or workshop —": dashes used as parentheses */
const DASHED = /\s[—–]\s+([^.;!?—–()]*?(?:,|\s(?:or|ou|o|oder)\s)[^.;!?—–()]*?)\s+[—–](?=\s|$)/giu;
/**
 * "monthly/annual/student": three or more words between bare slashes. Spaced slashes separate
 * choices of several words ("sehr gut / gut / befriedigend", "congés payés / RTT"): pieces.ts.
 */
const SLASHED = /(?<![\p{L}\p{N}/⟦⟧])[\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\/[\p{L}\p{N}][\p{L}\p{N}'’-]*){2,}(?![\p{L}\p{N}/])/gu;

/** "Low / Medium / High" as a list "Low, Medium, High" (inside parentheses: the choices themselves) */
export function unslashed(text: string): string {
  const t = text.trim();
  const m = t.match(SLASHED);
  return m && m[0] === t ? t.split('/').map((w) => w.trim()).join(', ') : text;
}

/** Cuts the special parts out of a sentence, placeholders in their place. */
export function protect(input: string): Protected {
  const specials: Special[] = [];
  const put = (s: Special) => ` ⟦${specials.push(s) - 1}⟧ `;
  let text = input.replace(DASHED, (_m, inner: string) => put({ kind: 'paren', text: inner.trim() }));
  // innermost parentheses first; what is inside is read again later as choices or fields
  for (let guard = 0; guard < 5 && /\([^()]*\)/.test(text); guard++) text = text.replace(/\(([^()]*)\)/g, (_m, inner: string) => put({ kind: 'paren', text: daysListed(inner.trim()) }));
  text = text.replace(CASCADE, (_m, a: string, b: string) => put({ kind: 'cascade', levels: [a, b] }));
  text = text.replace(WEEK, (_m, a: string, b: string) => put({ kind: 'week', from: dayIndex(a), to: dayIndex(b) }));
  text = text.replace(YES_NO, () => put({ kind: 'yesno' }));
  text = text.replace(SLASHED, (m) => put({ kind: 'paren', text: unslashed(m) }));
  text = text.replace(RANGE, (m, lo: string, hi: string) => (Number(hi) >= 4 && Number(hi) <= 10 ? put({ kind: 'range', lo: Number(lo), hi: Number(hi) }) : m));
  for (const [mark, re] of MARKS) text = text.replace(re, () => put(mark));
  return { text: text.replace(/\s+/g, ' ').trim(), specials };
}

/** The conjunctions that join list items, by language ("o" and "e" only where they are one). */
export function conjunctions(locale: Locale): RegExp {
  const extra = { en: '', fr: '|et|ou', es: '|y|o|u|e', de: '|und|oder|sowie', pt: '|e|ou' }[locale];
  return new RegExp(`\\s+(and|or|&|plus|as well as|and also|et|ou|und|oder${extra})\\s+`, 'iu');
}

export const isOr = (conj: string) => /^(or|ou|o|u|oder)$/i.test(conj);
