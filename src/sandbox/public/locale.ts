import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { pt } from './locales/pt.js';
import type { PageWords } from './locales/types.js';

export type { PageWords };

// The form page's own words (never the form's: its title, labels and options are the owner's) in the
// form's locale (spec §2.2 `locale`), English when the language is not one of these. The API keeps its
// English messages; the page says the same things in its own words, chosen by error code.


const TABLE: Record<string, PageWords> = { en, fr, es, de, pt };

/** The words for a form's locale ("fr", "fr-CA", "pt_BR"…): its language, else English. */
export function wordsFor(locale: unknown): PageWords {
  const language = typeof locale === 'string' ? locale.trim().toLowerCase().split(/[-_]/)[0]! : '';
  return Object.prototype.hasOwnProperty.call(TABLE, language) ? TABLE[language]! : en;
}

/** A number as the language writes it (66.67 in English, 66,67 in French). */
export function numberIn(words: PageWords, n: unknown): string {
  return typeof n === 'number' ? new Intl.NumberFormat(words.lang, { maximumFractionDigits: 2 }).format(n) : String(n ?? '');
}
