// Spans of a JSON text that JSON.parse has read already: `submissions sync` stores each submission of
// a page as the service sent it. A module of its own, apart from jsonPosition.ts (the error offset of
// text JSON.parse refused, which every command that reads JSON loads): only a sync loads this one.

/**
 * The text of each element of the array at `path` (object keys from the top) in a JSON text that
 * JSON.parse has read already (so well-formed): `elementTexts(page, ['data', 'items'])` gives each
 * submission of a page as it came. Undefined when the path leads to no array. Where a key repeats,
 * the last one counts, as in JSON.parse. Strings are skipped with indexOf, not character by
 * character: most of a page is inside strings.
 */
export function elementTexts(text: string, path: readonly string[]): string[] | undefined {
  return new SpanScanner(text).at(path);
}

const QUOTE = 34;
const BACKSLASH = 92;

/** Spans of an already valid JSON text (no error checks: JSON.parse made them). */
class SpanScanner {
  private i = 0;

  constructor(private readonly text: string) {}

  at(path: readonly string[]): string[] | undefined {
    this.ws();
    return this.find(path, 0);
  }

  /** at a value: the elements of the array at path[depth…] within it */
  private find(path: readonly string[], depth: number): string[] | undefined {
    const t = this.text;
    if (depth === path.length) return t.charCodeAt(this.i) === 91 ? this.elements() : (this.skip(), undefined);
    if (t.charCodeAt(this.i) !== 123) return (this.skip(), undefined);
    let found: string[] | undefined;
    this.i++;
    this.ws();
    if (t.charCodeAt(this.i) === 125) return (this.i++, undefined);
    for (;;) {
      this.ws();
      const key = this.key();
      this.ws();
      this.i++; // :
      this.ws();
      if (key === path[depth]) found = this.find(path, depth + 1);
      else this.skip();
      this.ws();
      if (t.charCodeAt(this.i++) === 125) return found;
    }
  }

  private elements(): string[] {
    const t = this.text;
    const out: string[] = [];
    this.i++;
    this.ws();
    if (t.charCodeAt(this.i) === 93) return (this.i++, out);
    for (;;) {
      this.ws();
      const start = this.i;
      this.skip();
      out.push(t.slice(start, this.i));
      this.ws();
      if (t.charCodeAt(this.i++) === 93) return out;
    }
  }

  /** a key, decoded when it holds an escape */
  private key(): string {
    const start = this.i;
    this.string();
    const raw = this.text.slice(start + 1, this.i - 1);
    return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  /** at a quote: past the closing one */
  private string(): void {
    const t = this.text;
    let q = this.i;
    for (;;) {
      q = t.indexOf('"', q + 1);
      let b = q - 1;
      while (t.charCodeAt(b) === BACKSLASH) b--;
      // a quote after an even number of backslashes closes the string
      if ((q - 1 - b) % 2 === 0) break;
    }
    this.i = q + 1;
  }

  /** past one value */
  private skip(): void {
    const t = this.text;
    const c = t.charCodeAt(this.i);
    if (c === QUOTE) return this.string();
    if (c === 123 || c === 91) {
      let depth = 0;
      for (;;) {
        const ch = t.charCodeAt(this.i);
        if (ch === QUOTE) {
          this.string();
          continue;
        }
        this.i++;
        if (ch === 123 || ch === 91) depth++;
        else if ((ch === 125 || ch === 93) && --depth === 0) return;
      }
    }
    // a number, true, false or null: up to what ends it
    for (;;) {
      const ch = t.charCodeAt(this.i);
      if (ch === 44 || ch === 125 || ch === 93 || ch === 32 || ch === 10 || ch === 13 || ch === 9 || Number.isNaN(ch)) return;
      this.i++;
    }
  }

  private ws(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else return;
    }
  }
}
