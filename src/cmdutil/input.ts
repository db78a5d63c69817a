import { readFileSync } from 'node:fs';
import { isQrId } from '../domain/ids.js';
import type { IOStreams } from '../io/streams.js';
import { UsageError } from '../errors.js';
import { jsonErrorOffset } from './jsonPosition.js';

export async function readStdin(io: IOStreams): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of io.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Where a broken JSON text broke, as line and column. */
export function describeJsonError(text: string): string {
  const pos = jsonErrorOffset(text);
  if (pos < 0) return 'syntax error';
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  const found = pos >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[pos])}`;
  return `${found} at line ${line}, column ${col}`;
}

export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not valid JSON: ${describeJsonError(text)}`);
  }
}

/** `path` or `-` for stdin; the flag name goes into the error messages. */
export async function readJsonInput(io: IOStreams, pathOrDash: string, flag: string): Promise<unknown> {
  let text: string;
  if (pathOrDash === '-') {
    if (io.isStdinTTY) throw new UsageError(`${flag} -: expected JSON on stdin, but stdin is a terminal`);
    text = await readStdin(io);
  } else {
    try {
      text = readFileSync(pathOrDash, 'utf8');
    } catch (e) {
      throw new UsageError(`${flag}: cannot read ${pathOrDash}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  return parseJsonText(text, pathOrDash === '-' ? 'stdin' : pathOrDash);
}

/** spec §4: qrId matches ^[A-Z0-9]+$; checked before any request. */
export function requireQrId(value: unknown, what = 'QRID'): string {
  const s = String(value ?? '');
  if (!isQrId(s)) {
    const hint = isQrId(s.toUpperCase()) ? ` (ids are upper case: ${s.toUpperCase()})` : '';
    throw new UsageError(`${what}: "${s}" is not a form id; expected upper-case letters and digits${hint}`);
  }
  return s;
}
