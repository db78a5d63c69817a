/** "1 form", "3 forms": a count and its noun (English, regular plurals). */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
