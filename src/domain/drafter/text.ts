// Text helpers of the drafter: folding for matching (case and accents ignored), labels and choices.

/** lower case, accents off, ß → ss, typographic apostrophes straight: the form words are matched in */
export function fold(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\u00df/g, 'ss').replace(/[\u2019\u2018`]/g, "'");
}

export const cap = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export const slug = (s: string): string =>
  fold(s).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'option';

export interface Choice {
  name: string;
  value: string;
}

/** spec §2.4: option.options of a choice field, {name, value} */
export function choices(names: string[]): Choice[] {
  const seen = new Set<string>();
  const out: Choice[] = [];
  for (const name of names) {
    const base = /^[+-]?\d/.test(name.trim()) && /^[\d.,+-]+$/.test(name.trim()) ? name.trim() : slug(name);
    let value = base;
    for (let n = 2; seen.has(value); n++) value = `${base}-${n}`;
    seen.add(value);
    out.push({ name, value });
  }
  return out;
}

/** words of a folded text: letters, digits, apostrophes and inner hyphens */
export function words(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
}


/** a choice written as a code: a size (XS, M, 2XL), a number, an hour (3pm, 14h, 9:30), capitals (A, B, GG) */
const CODE = /^(?:x{0,3}[sml]|x{1,3}l|\d?xl|\d{1,4}(?:[.,:]\d{1,2})?\s?(?:am|pm|h|uhr)?|\p{Lu}{1,3})$/iu;
export const isCode = (word: string): boolean => CODE.test(word) && (/\d/.test(word) || /^(?:x{0,3}[sml]|x{1,3}l|\d?xl)$/i.test(word) || word === word.toUpperCase());

/** "XS S M L XL", "3pm 4pm 5pm": choices separated by spaces only, or nothing */
export function codesOf(text: string): string[] | undefined {
  const ws = text.trim().split(/\s+/).filter(Boolean);
  return ws.length >= 2 && ws.every(isCode) && !ws.some((w) => /^[ap]m$/i.test(w)) ? ws : undefined;
}
