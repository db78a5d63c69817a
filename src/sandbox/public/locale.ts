import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { pt } from './locales/pt.js';

// The form page's own words (never the form's: its title, labels and options are the owner's) in the
// form's locale (spec §2.2 `locale`), English when the language is not one of these. The API keeps its
// English messages; the page says the same things in its own words, chosen by error code.

export interface PageWords {
  /** BCP 47 language of these words */
  lang: string;
  submit: string;
  /** between a label and its value: ": ", or " : " in French */
  colon: string;
  required: string;
  choose: string;
  /** "level" of a cascade's select, read by the page's script */
  level: string;
  nameParts: { firstName: string; lastName: string };
  addressParts: { addressLine: string; city: string; state: string; zipcode: string; country: string };
  /** checkList choices _d1, _d2, _d3, and the header of its rows */
  checklist: [string, string, string];
  item: string;
  gender: { female: string; male: string; other: string };
  signatureHint: string;
  locationPlaceholder: string;
  timeLimit(minutes: number): string;
  timeLeft: string;
  /** files kept from an earlier try, and what unticking one does */
  keptFiles: string;
  errorSummary: string;
  errorPrefix: string;
  errors: {
    required(label: string): string;
    email: string;
    number: string;
    date: string;
    time: string;
    option: string;
    check: string;
    fileMissing: string;
    fileTooLarge(file: string): string;
    fileRefused(file: string): string;
    quota: string;
    notRecorded: string;
    /** a timed quiz posted without a visit of its own, or a second time from one visit */
    quizRestart: string;
  };
  thanks: { title: string; recorded: string; reference: string };
  quiz: {
    resultTitle: string;
    passed: string;
    failed: string;
    passMessage: string;
    failMessage: string;
    timeUp: string;
    percent(n: string): string;
    points(points: string, total: string, passMark: string): string;
    yourAnswer: string;
    noAnswer: string;
    correctAnswer: string;
    correct: string;
    wrong: string;
  };
  unavailable: { title: string; notFound: string; archived: string; blocked: string; unreadable: string; throttled: string };
  footer: string;
}

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
