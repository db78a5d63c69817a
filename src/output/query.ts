// --query: a JMESPath expression over what `-o json` prints (as `aws --query`, `az --query`). The
// library (@jmespath-community/jmespath) is loaded only when the flag is given, and the expression is
// compiled before any request, so that a typo costs nothing but exit 2 naming where it is.
import { UsageError } from '../errors.js';

type JMESPath = typeof import('@jmespath-community/jmespath');
type Node = ReturnType<JMESPath['compile']>;

/** A compiled --query: `apply` turns what -o json prints into the query's result. */
export interface Query {
  expression: string;
  apply(data: unknown): unknown;
}

// `backquoted` literals the way jmespath.py (and so the AWS CLI) still reads them: [?meal==`veg`]
const OPTIONS = { enable_legacy_literals: true };

/** Longer expressions are not scanned for the position of an error (the scan is quadratic). */
const POSITION_SCAN_MAX = 2_000;

export async function compileQuery(expression: string): Promise<Query> {
  if (expression.trim() === '') throw new UsageError('--query: the expression is empty; e.g. --query "[].id"');
  const lib: JMESPath = await import('@jmespath-community/jmespath');
  let ast: Node;
  try {
    ast = lib.compile(expression, OPTIONS);
  } catch (e) {
    throw queryError(expression, (e as Error).message, errorPosition(lib, expression, e as Error));
  }
  const unknown = functionNames(ast).find((name) => !lib.isRegistered(name));
  if (unknown !== undefined) {
    const at = new RegExp(`${unknown.replace(/[^\w]/g, '\\$&')}\\s*\\(`).exec(expression)?.index;
    throw queryError(expression, `unknown function ${unknown}()`, at);
  }
  return {
    expression,
    apply(data) {
      try {
        // the tree compiled once above: an event stream applies it to every event
        return lib.TreeInterpreter.search(ast, data as Parameters<JMESPath['search']>[0]);
      } catch (e) {
        throw new UsageError(`--query: ${lowerFirst((e as Error).message)} (in ${JSON.stringify(expression)})`);
      }
    },
  };
}

/** "--query: syntax error at position 7: …"; on a terminal the expression follows, a caret under the position. */
function queryError(expression: string, message: string, position: number | undefined): UsageError {
  // "invalid token (EOF)", "expected Rbracket, got: EOF": said plainly
  const what = /\bEOF\b/.test(message) ? 'the expression ends too soon' : lowerFirst(message.replace(/^Syntax error[:,]?\s*/i, ''));
  if (position === undefined) return new UsageError(`--query: ${what}`, { data: { expression } });
  const oneLine = !/[\r\n]/.test(expression) && expression.length <= 200;
  return new UsageError(`--query: syntax error at position ${position} (counting from 0): ${what}`, {
    lines: oneLine ? [expression, `${' '.repeat(position)}^`] : [],
    data: { expression, position },
  });
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * Where the expression goes wrong. The library says what, not where; the place is found the way a
 * recursive-descent parser reaches it. A lexer error sits after the longest prefix that still splits
 * into tokens (or at the quote of a token that prefix leaves open); a parser error that names the end of input is at the end; any other is at the first
 * token whose prefix, cut just after it, fails with the same message.
 */
function errorPosition(lib: JMESPath, expression: string, err: Error): number | undefined {
  if (expression.length > POSITION_SCAN_MAX) return undefined;
  const fails = (attempt: () => unknown): Error | undefined => {
    try {
      attempt();
      return undefined;
    } catch (e) {
      return e as Error;
    }
  };
  if (err.name === 'LexerError') {
    let ok = 0;
    for (let n = 1; n < expression.length; n++) if (!fails(() => lib.tokenize(expression.slice(0, n), OPTIONS))) ok = n;
    // a quoted token still open where the prefix ends (`{"a": …): the error is that token, from its quote
    const last = ok > 0 ? lib.tokenize(expression.slice(0, ok), OPTIONS).at(-1) : undefined;
    const quote = last ? expression[last.start]! : '';
    if (last && '`"\''.includes(quote) && !(ok - 1 > last.start && expression[ok - 1] === quote)) return last.start;
    return skipSpaces(expression, ok);
  }
  if (/\bEOF\b/.test(err.message)) return expression.length;
  const tokens = lib.tokenize(expression, OPTIONS);
  for (let i = 0; i < tokens.length; i++) {
    const end = tokens[i + 1]?.start ?? expression.length;
    if (fails(() => lib.compile(expression.slice(0, end), OPTIONS))?.message === err.message) return tokens[i]!.start;
  }
  return undefined;
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** The names of the functions an expression calls (the library finds an unknown one only when it runs). */
function functionNames(node: unknown, names: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) functionNames(n, names);
  } else if (node && typeof node === 'object') {
    const n = node as { type?: unknown; name?: unknown };
    if (n.type === 'Function' && typeof n.name === 'string') names.push(n.name);
    for (const v of Object.values(node)) if (v && typeof v === 'object') functionNames(v, names);
  }
  return names;
}
