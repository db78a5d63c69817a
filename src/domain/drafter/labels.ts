import type { Concept } from './concepts.js';
import { corrected } from './lexicon.js';
import { stripFiller } from './pieces.js';
import { fold } from './text.js';
import type { Locale } from './types.js';

// How a field is labelled when the words written are not the concept's own (spec §4.7): "budget"
// is an amount but a person reads "Budget", "Firmenname" a company, "Ansprechpartner" a name; and
// the name of a thing ("pet name", "nombre del equipo", "Name der Mannschaft") is a text, not a person's name.

/** types whose label says what is asked in the person's words; contact fields keep their usual label */
const AS_WRITTEN = new Set(['shortText', 'number', 'longText', 'name']);

/** whether the words name the concept by another word than its label in the prompt's language */
export function namedOtherwise(head: string, concept: Concept, locale: Locale): boolean {
  // a word mistyped ("nmae", "mesage") names the concept as its corrected word does
  const written = fold(stripFiller(head)).trim().split(/\s+/).map(corrected).join(' ');
  const label = fold(concept.label[locale]);
  if (!AS_WRITTEN.has(concept.type) || written.length < 4 || /[^\p{L}\s'-]/u.test(written)) return false;
  return !written.includes(label) && !label.includes(written);
}

/** things that have a name: a name of one is no person's name */
const THINGS = /\b(?:pet|dog|cat|horse|animal|team|project|product|event|school|business|store|shop|club|band|group|course|book|boat|mascota|perro|gato|equipo|proyecto|producto|evento|escuela|negocio|tienda|club|grupo|curso|libro|animal|chien|chat|equipe|projet|produit|evenement|ecole|boutique|groupe|cours|livre|haustier|hund|katze|team|mannschaft|projekt|produkt|veranstaltung|schule|geschaft|gruppe|kurs|buch|animal de estimacao|cachorro|cao|time|equipe|projeto|produto|escola|loja|grupo|livro)s?\b/u;

/** "pet name", "nombre del equipo", "nom de l'équipe", "Name der Mannschaft": the name of a thing */
export const namesAThing = (head: string): boolean => THINGS.test(fold(head));
