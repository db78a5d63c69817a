import { readFileSync } from 'node:fs';
import { isQrId } from '../domain/ids.js';
import { MAX_QR_ID } from '../domain/limits.js';
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

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory',
  EACCES: 'cannot read it (permission denied)',
  EPERM: 'cannot read it (not permitted)',
};

/**
 * The bytes of `path`, or of stdin for `-`; a file that cannot be read is a usage error in one
 * sentence, naming `what` (the flag that gave the path; '' for a positional argument).
 */
export async function readInputBytes(io: IOStreams, pathOrDash: string, what: string): Promise<Buffer> {
  const named = what ? `${what}: ` : '';
  if (pathOrDash === '-') {
    if (io.isStdinTTY) throw new UsageError(`${what ? `${what} ` : ''}-: expected data on stdin, but stdin is a terminal`);
    return Buffer.from(await readStdin(io));
  }
  try {
    return readFileSync(pathOrDash);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    throw new UsageError(`${named}cannot read ${pathOrDash}: ${READ_ERRORS[code] ?? code ?? (e as Error).message}`);
  }
}

/** `path` or `-` for stdin; the flag name goes into the error messages. A .yaml/.yml file is read as YAML. */
export async function readJsonInput(io: IOStreams, pathOrDash: string, flag: string): Promise<unknown> {
  const text = (await readInputBytes(io, pathOrDash, flag)).toString('utf8');
  if (/\.ya?ml$/i.test(pathOrDash)) return parseYamlText(text, pathOrDash);
  return parseJsonText(text, pathOrDash === '-' ? 'stdin' : pathOrDash);
}

/** YAML (the `yaml` package, loaded only here); an error names the line and column. */
export async function parseYamlText(text: string, where: string): Promise<unknown> {
  const { parseDocument } = await import('yaml');
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0];
    // the library's first line, without its own "at line L, column C:" (the position leads the message)
    throw new UsageError(`${where}${pos ? `:${pos.line}:${pos.col}` : ''}: not valid YAML: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?\s*$/, '')}`);
  }
  return doc.toJS();
}

/**
 * spec §4: qrId matches ^[A-Z0-9]+$; checked before any request. `flag` names the flag that gave it;
 * a positional argument is named by the value the user typed (never a placeholder such as QRID).
 */
export function requireQrId(value: unknown, flag?: string): string {
  const s = String(value ?? '');
  const named = flag ? `${flag}: ` : '';
  if (s.length > MAX_QR_ID) throw new UsageError(`${named}a form id of ${s.length} characters is not a form id (at most ${MAX_QR_ID})`);
  if (!isQrId(s)) {
    const hint = isQrId(s.toUpperCase()) ? ` (ids are upper case: ${s.toUpperCase()})` : '';
    throw new UsageError(`${named}"${s}" is not a form id; expected upper-case letters and digits${hint}`);
  }
  return s;
}
