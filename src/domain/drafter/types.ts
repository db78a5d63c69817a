import type { GeneratedDraft } from '../contract/draft.js';

// The draft of spec §4.7: {title, shortText, locale, fields: [{type, option}]}, and for a quiz isQuiz
// with a per-field quizConfig. The zod schema of the contract (contract/schemas.ts FormDraft) is the
// wire shape; these are the drafter's own types of it.

/** the draft as the contract states it (domain/contract/draft.ts), declared once */
export type Draft = GeneratedDraft;
export type DraftField = GeneratedDraft['fields'][number];

/** A field and the concept it stands for (to merge with a kind's usual fields without duplicates). */
export interface Made {
  field: DraftField;
  concept?: string;
}

/** A prompt or an instruction the drafter refuses (spec §4.7: 400). */
export class DraftError extends Error {}

/** The languages the drafter reads and writes. */
export type Locale = 'en' | 'fr' | 'es' | 'de' | 'pt';
export const LOCALES: readonly Locale[] = ['en', 'fr', 'es', 'de', 'pt'];

/** A word per locale, written "en|fr|es|de|pt" in the data files. */
export type PerLocale = Record<Locale, string>;

export function perLocale(text: string): PerLocale {
  const [en, fr, es, de, pt] = text.split('|');
  return { en: en!, fr: fr ?? en!, es: es ?? en!, de: de ?? en!, pt: pt ?? en! };
}
