// Text helpers of the drafter: folding for matching (case and accents ignored), labels and choices.

/** lower case, accents off, ß → ss, typographic apostrophes straight: the form words are matched in */
export function fold(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').replace(/[’‘`]/g, "'");
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
    let value = slug(name);
    if (/^[+-]?\d/.test(name.trim()) && /^[\d.,+-]+$/.test(name.trim())) value = name.trim();
    while (seen.has(value)) value += '-2';
    seen.add(value);
    out.push({ name, value });
  }
  return out;
}

/** words of a folded text: letters, digits, apostrophes and inner hyphens */
export function words(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Damerau–Levenshtein distance, stopped early past `max` (typos: "emial", "contcat", "registraion"). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}
