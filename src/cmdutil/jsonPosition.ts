/**
 * The offset of the first syntax error in a JSON text (V8's messages do not always carry one), or
 * -1 when the scanner finds none. A small recursive-descent pass; it is only run after JSON.parse failed.
 */
export function jsonErrorOffset(text: string): number {
  const scanner = new JsonScanner(text);
  try {
    scanner.document();
    return -1;
  } catch (pos) {
    // a number is the offset of the error; anything else (a stack overflow on deep nesting) is no answer
    return typeof pos === 'number' ? pos : -1;
  }
}

/** Walks a JSON text from the start; a syntax error throws its offset (the position `i` reached). */
class JsonScanner {
  private i = 0;

  constructor(private readonly text: string) {}

  /** one value, and nothing after it but whitespace */
  document(): void {
    this.value();
    this.ws();
    if (this.i < this.text.length) this.fail();
  }

  private fail(): never {
    throw this.i;
  }

  private ws(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i]!)) this.i++;
  }

  private value(): void {
    this.ws();
    const ch = this.text[this.i];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === 't') return this.literal('true');
    if (ch === 'f') return this.literal('false');
    if (ch === 'n') return this.literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    this.fail();
  }

  private object(): void {
    this.i++;
    this.ws();
    if (this.text[this.i] === '}') return void this.i++;
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') this.fail();
      this.string();
      this.ws();
      if (this.text[this.i] !== ':') this.fail();
      this.i++;
      this.value();
      if (!this.more('}')) return;
    }
  }

  private array(): void {
    this.i++;
    this.ws();
    if (this.text[this.i] === ']') return void this.i++;
    do this.value();
    while (this.more(']'));
  }

  /** After a member: true on a comma (another follows), false on the closing bracket; else an error. */
  private more(close: '}' | ']'): boolean {
    this.ws();
    if (this.text[this.i] === ',') return (this.i++, true);
    if (this.text[this.i] === close) return (this.i++, false);
    return this.fail();
  }

  private string(): void {
    this.i++; // opening quote
    while (this.i < this.text.length) {
      const ch = this.text[this.i]!;
      if (ch === '"') return void this.i++;
      if (ch === '\\') this.escape();
      else if (ch < ' ') this.fail();
      else this.i++;
    }
    this.fail();
  }

  /** a backslash and what it escapes: one of "\/bfnrt, or u and four hex digits */
  private escape(): void {
    this.i++;
    const e = this.text[this.i];
    if (e === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 1, this.i + 5))) this.fail();
      this.i += 5;
    } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i++;
    else this.fail();
  }

  private number(): void {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i));
    if (!m || m[0] === '' || m[0] === '-') this.fail();
    this.i += m![0].length;
  }

  private literal(word: string): void {
    for (const ch of word) {
      if (this.text[this.i] !== ch) this.fail();
      this.i++;
    }
  }
}
