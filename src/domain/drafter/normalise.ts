// What people type around the words of a form, made plain before the sentence is read: emoji,
// a sentence in capitals, "pls"/"thanks" at the end, shorthand ("w/", "no. of", "nb de",
// "a + b", "u"/"ur"), in the five languages. Typos of field words are corrected word by word (lexicon.ts).

const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}]+/gu;

/** "…, thanks!", "… pls", "merci d'avance", "danke schön": politeness at the end names no field */
const POLITE_END = /(?:[\s,.;:!-]+(?:(?:please|pls|plz|thanks?(?: you| a lot| in advance)?|thx|ty|cheers|asap|merci(?: d'avance| beaucoup)?|svp|stp|s'il (?:vous|te) pla[iî]t|por favor|porfa|gracias|bitte|danke(?: sch[öo]n)?|vielen dank|obrigad[oa]|valeu|pf)\b[\s!.]*)+)$/iu;

/** "no. of", "nr of", "# of": "number of" in each language */
const SHORTHAND: Array<[RegExp, string]> = [
  [/(?<![\p{L}])(?:no|nr|num|nbr)\.?\s*of\b/giu, 'number of'],
  [/#\s*of\b/giu, 'number of'],
  [/(?<![\p{L}])(?:nb|nbre)\.?\s+(?=d[e']|d’)/giu, 'nombre '],
  [/(?<![\p{L}])(?:n[º°o]|n[úu]m|nro)\.?\s*(?=de\s)/giu, 'número '],
  [/(?<![\p{L}])(?:qtd|qtde)\.?\s*(?=de\s)/giu, 'quantidade '],
  [/(?<![\p{L}])anz\.\s*/giu, 'Anzahl '],
  [/(?<![\p{L}])w\/(?=\s)/giu, 'with'],
  [/(?<![\p{L}])w\/o(?=\s)/giu, 'without'],
  [/(?<=\p{L})\s\+\s(?=\p{L})/gu, ' and '],
  // text-speak, after the English words it follows: "would u come back", "can u", "r u coming",
  // "enter ur email" (never a choice "U" of a list or a grade, nor Spanish "7 u 8", "mujer u hombre")
  [/(?<=(?<![\p{L}])(?:would|will|can|could|do|did|are|r|have|if|when|thank|see|let|should|may|might|did|were)\s+)u(?=\s+\p{L})/giu, 'you'],
  [/(?<=(?<![\p{L}])(?:what'?s|what is|enter|give|give us|tell us|with|and|of|your|is)\s+)ur(?=\s+\p{L})/giu, 'your'],
  [/(?<![\p{L}\p{N}'’.-])r(?=\s+you\b)/giu, 'are'],
  // "with" mistyped: a word the typo corrector leaves alone (it corrects the words of fields)
  [/(?<![\p{L}])(?:wiht|wtih|whith)(?![\p{L}])/giu, 'with'],
  // "contact from with name…": "form" typed as "from", told apart by what follows it (never "from customers")
  [/^((?:an?\s+|the\s+|my\s+|our\s+)?\p{L}+(?:[\s-]+\p{L}+)?\s+)from(?=\s+with\b|\s*[:,]|\s*$)/iu, '$1form'],
];

/** a sentence typed in capitals: its long words in lower case (short ones may be codes: XS, DOB) */
function uncapped(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  if (letters.length < 12 || upper / letters.length < 0.7) return text;
  return text.replace(/\p{L}{4,}/gu, (w) => w.toLowerCase());
}

/** The prompt as the drafter reads it. */
export function normalise(prompt: string): string {
  let text = prompt.replace(EMOJI, ' ').replace(/[ \t]+/g, ' ').trim();
  text = uncapped(text);
  for (let i = 0; i < 3; i++) {
    const next = text.replace(POLITE_END, '').trim();
    if (next === text || !next) break;
    text = next;
  }
  for (const [re, by] of SHORTHAND) text = text.replace(re, by);
  return text;
}
