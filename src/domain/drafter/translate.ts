import { ARCHETYPES } from './archetypes.js';
import { CONCEPTS, YES_NO } from './concepts.js';
import { PHRASES, WEEKDAYS } from './language.js';
import { fold } from './text.js';
import { LOCALES, type Draft, type Locale, type PerLocale } from './types.js';

// Translating a draft's words (a refinement "in Spanish"): every label, choice and row the drafter
// itself writes is known in the five languages; words the person typed stay as they are.

const KNOWN = new Map<string, PerLocale>();
function learn(p: PerLocale): void {
  for (const l of LOCALES) if (!KNOWN.has(fold(p[l]))) KNOWN.set(fold(p[l]), p);
}
for (const c of CONCEPTS) {
  learn(c.label);
  for (const o of c.options ?? []) learn(o);
}
for (const a of ARCHETYPES) {
  learn(a.title);
  for (const f of a.fields) {
    if (typeof f === 'string') continue;
    learn(f.label);
    for (const o of [...(f.options ?? []), ...(f.rows ?? [])]) learn(o);
  }
}
for (const p of [...Object.values(PHRASES), ...YES_NO, ...WEEKDAYS]) learn(p);

export const translated = (text: string, to: Locale): string => KNOWN.get(fold(text))?.[to] ?? text;

/** The draft with the drafter's own words in another language; locale set to it. */
export function translateDraft(d: Draft, to: Locale): void {
  d.title = translated(d.title, to);
  d.shortText = translated(d.shortText, to);
  d.locale = to;
  for (const f of d.fields) {
    if (typeof f.option.label === 'string') f.option.label = translated(f.option.label, to);
    if (Array.isArray(f.option.options)) for (const o of f.option.options as Array<{ name?: string }>) if (typeof o.name === 'string') o.name = translated(o.name, to);
    if (Array.isArray(f.option.rowLabels)) f.option.rowLabels = (f.option.rowLabels as string[]).map((r) => translated(r, to));
  }
}

/** "in Spanish", "en français", "auf Deutsch", "em português": the language asked for */
export const LANGUAGE_NAMES: Array<[RegExp, Locale]> = [
  [/\b(english|anglais|ingl[éêe]s|englisch)\b/iu, 'en'],
  [/\b(french|fran[çc]ais|franc[ée]s|franz[öo]sisch)\b/iu, 'fr'],
  [/\b(spanish|espagnol|espa[ñn]ol|spanisch|espanhol)\b/iu, 'es'],
  [/\b(german|allemand|alem[áa]n|deutsch|alem[ãa]o)\b/iu, 'de'],
  [/\b(portuguese|portugais|portugu[éêe]s|portugiesisch)\b/iu, 'pt'],
];
