import { createHash } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError, ValidationError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { readInputBytes, requireQrId } from '../../cmdutil/input.js';
import { checkOutputPath } from '../../cmdutil/outputPath.js';
import { ADDRESS_PARTS, NAME_PARTS, VALUE_TYPES, validateSubmission, fieldLabel, type AnswerField } from '../../domain/answers.js';
import { coerceAnswer } from '../../domain/coerce.js';
import { partHeader } from '../../domain/flatten.js';
import { fieldsFromSchema } from '../../domain/schema.js';
import { writeFileAtomic } from '../../io/atomicFile.js';
import { describeFieldErrors } from './answersInput.js';
import { ImportLedger } from './importLedger.js';
import { loadSchema } from './schemaCache.js';
import { localFileFor } from '../../cmdutil/localFiles.js';
import { IMPORT_KEY, importKey, sendRows, type Row } from './importSend.js';
import { csvLine } from '../../output/csvCell.js';
import { formatOf, readRecords, refuseNul, utf8Text, type Records } from './importRead.js';

export { importKey };

interface Opts {
  format?: 'csv' | 'jsonl' | 'json';
  dryRun?: boolean;
  forceReplay?: boolean;
  concurrency: string;
  errors?: string;
  json?: boolean;
  output?: 'text' | 'json';
}


/** whether two paths name one file (the same path, or a link to it) */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** the columns an errors file adds (written anew when an errors file is imported and fails again) */
const ERRORS_COLUMNS = new Set(['_row', '_errors', '_retryable', '_key']);

/** Columns that exports write and imports ignore. */
const META_COLUMNS = new Set(['_row', '_errors', '_retryable', '_key', 'id', 'createdAt', 'updatedAt', 'qrId', 'quiz points', 'quiz totalMarks', 'quiz percentage', 'quiz passed']);

type Target = { field: AnswerField; part?: string };

/** Maps a column to a field: its key, its label (any case), or a part as exports name it. */
export function mapColumns(columns: string[], fields: AnswerField[]): { map: Map<string, Target>; unknown: string[] } {
  const map = new Map<string, Target>();
  const unknown: string[] = [];
  // as people retype headers: case, outer spaces and runs of spaces inside do not count
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const col of columns) {
    if (META_COLUMNS.has(col)) continue;
    let hit: Target | undefined;
    for (const f of fields) {
      if (VALUE_TYPES[f.type] === null) continue;
      if (col === f.key || norm(col) === norm(fieldLabel(f))) hit = { field: f };
      const parts = f.type === 'name' ? NAME_PARTS : f.type === 'address' ? ADDRESS_PARTS : [];
      for (const p of parts) {
        if (col === partHeader(f, p, 'key') || norm(col) === norm(partHeader(f, p, 'label'))) hit = { field: f, part: p };
      }
      if (hit) break;
    }
    if (hit) map.set(col, hit);
    else unknown.push(col);
  }
  return { map, unknown };
}

/** One record (CSV cells or a JSONL object) as answers; empty cells are no answer. */
export function answersOf(record: Record<string, unknown>, map: Map<string, Target>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [col, raw] of Object.entries(record)) {
    const t = map.get(col);
    if (!t || raw === undefined || raw === null || raw === '') continue;
    if (t.part) {
      const obj = (answers[t.field.key] ??= {}) as Record<string, unknown>;
      obj[t.part] = String(raw);
    } else {
      answers[t.field.key] = typeof raw === 'string' ? coerceAnswer(t.field, raw) : raw;
    }
  }
  return answers;
}

/** Two columns of one field (a header repeated, a label and a key): which would win is no answer. */
function refuseClashes(map: Map<string, Target>, file: string): void {
  const seen = new Map<string, string>();
  for (const [col, t] of map) {
    const target = t.part ? `${t.field.key}.${t.part}` : t.field.key;
    const other = seen.get(target);
    if (other !== undefined) throw new UsageError(`${file}: columns "${other}" and "${col}" are both field ${fieldLabel(t.field)}${t.part ? ` (${t.part})` : ''}: keep one`);
    seen.set(target, col);
  }
}

/** Rejected rows (with their field errors) and failed rows (with the reason, marked retryable), in the input's format. */
async function writeErrors(path: string, format: 'csv' | 'jsonl' | 'json', columns: string[], rows: Row[], fields: AnswerField[]): Promise<void> {
  const reason = (r: Row) => (r.failure ? r.failure : describeFieldErrors(r.errors ?? {}, fields).join(' | '));
  let text: string;
  if (format === 'csv') {
    // the rows as they were read, to be fixed and imported again: the file people open in a
    // spreadsheet to fix, so a cell that begins with = + - @ gets the export's leading ' again (the
    // import takes it off when the file comes back)
    // _retryable and _key only when some row failed for a reason other than its answers: such a row
    // may have been created all the same, and goes again under the key it was sent with
    const retryable = rows.some((r) => r.failure !== undefined);
    const own = columns.filter((c) => !ERRORS_COLUMNS.has(c));
    const header = [...own, '_row', '_errors', ...(retryable ? ['_retryable', '_key'] : [])];
    text = [header, ...rows.map((r) => [...own.map((c) => String(r.record[c] ?? '')), String(r.at), reason(r), ...(retryable ? [r.failure ? 'true' : 'false', r.failure ? r.key : ''] : [])])].map((l) => csvLine(l, false)).join('');
  } else {
    const objects = rows.map((r) => JSON.stringify({ ...r.record, _row: r.at, _errors: r.failure ?? r.errors, _retryable: r.failure !== undefined, ...(r.failure ? { _key: r.key } : {}) }));
    // in the input's format, so it imports again as it is: JSON Lines, or a JSON array
    text = format === 'json' ? `[\n${objects.map((o) => `  ${o}`).join(',\n')}\n]\n` : objects.map((o) => `${o}\n`).join('');
  }
  // the rows are people's answers: the user's alone (0600), like an export
  writeFileAtomic(path, text, 0o600);
}

/**
 * Each row's Idempotency-Key: from the form, the file's content and the row (importKey), but for a row
 * an errors file carries with the key it was first sent with (`_key`: it failed for want of the
 * service and may have been created all the same), which is sent again under that key.
 */
export function rowKeys(qrId: string, fileHash: string, records: Record<string, unknown>[]): string[] {
  return records.map((record, i) => (typeof record._key === 'string' && IMPORT_KEY.test(record._key) ? record._key : importKey(qrId, fileHash, i + 1)));
}

/** Every row checked offline against the form's fields first: rejected rows never cost a request. */
function checkRows({ records, rows }: Records, keys: string[], map: Map<string, Target>, fields: AnswerField[]): Row[] {
  return records.map((record, i) => {
    const answers = answersOf(record, map);
    const errors = validateSubmission(fields, { answers }, { mode: 'create' });
    const row = { n: i + 1, at: rows[i]!, key: keys[i]!, record, answers };
    return Object.keys(errors).length ? { ...row, errors } : row;
  });
}

type Summary = { rows: number; valid: number; created: number; replayed: number; alreadyImported: number; rejected: number; failed: number; dryRun: boolean };

/** The rows that did not go through (the first 20 of each kind), the totals, and the exit they call for. */
function report(deps: Deps, opts: Opts, qrId: string, summary: Summary, rejected: Row[], failed: Row[], fields: AnswerField[]): void {
  for (const r of failed.slice(0, 20)) deps.info(`row ${r.at}: failed after its retries, worth sending again: ${r.failure}`);
  for (const r of rejected.slice(0, 20)) deps.info(`row ${r.at}: ${describeFieldErrors(r.errors ?? {}, fields).join('; ')}`);
  if (rejected.length > 20) deps.info(`… and ${rejected.length - 20} more rejected rows${opts.errors ? ` (all in ${opts.errors})` : ' (use --errors FILE to keep them all)'}`);
  deps.info(
    opts.dryRun
      ? `Dry run: ${summary.valid} of ${summary.rows} rows valid, ${summary.rejected} rejected; nothing sent.`
      : `Imported ${qrId}: ${summary.created} created, ${summary.replayed} replayed (already imported), ${summary.alreadyImported} skipped (in the local ledger), ${summary.rejected} rejected, ${summary.failed} failed of ${summary.rows} rows.`,
  );
  if (opts.json) deps.io.stdout.write(`${JSON.stringify(summary)}\n`);
  if (summary.failed > 0 && summary.rejected === 0) {
    throw new Error(`${summary.failed} of ${summary.rows} rows failed after their retries${opts.errors ? ` (in ${opts.errors}, marked _retryable)` : ''}; run the same command again to send them (rows already imported are skipped)`);
  }
  if (summary.rejected > 0) throw new ValidationError(`${summary.rejected} of ${summary.rows} rows rejected${opts.errors ? `; they are in ${opts.errors}, ready to fix and import again` : ''}`, []);
}

export async function run(deps: Deps, [qrId, file]: unknown[], given: Opts): Promise<void> {
  // -o json and --json alike (as sync takes them; deps.prepare names a contradiction of the two)
  const opts = { ...given, json: given.json === true || given.output === 'json' };
  const id = requireQrId(qrId);
  const path = String(file);
  const concurrency = parseIntFlag('--concurrency', opts.concurrency, 1, 16)!;
  if (opts.errors) {
    checkOutputPath('--errors', opts.errors);
    // the rows are read before the errors are written, but a clean run removes the errors file
    if (path !== '-' && sameFile(opts.errors, path)) throw new UsageError(`--errors ${opts.errors} is the file being imported: name another file (a run with nothing to report removes it)`);
  }
  const content = await readInputBytes(deps.io, path, '');
  const format = opts.format ?? formatOf(path, content);
  const fileHash = createHash('sha256').update(content).digest('hex');
  const source = path === '-' ? 'stdin' : path;
  const read = await readRecords(utf8Text(content, source), format, source);
  const { columns, records } = read;
  refuseNul(read, source);

  // rows the service already acknowledged (local ledger) are not sent again: a finished import run
  // again costs nothing, an interrupted one only what is left (--force-replay asks the service instead)
  const ledger = new ImportLedger(localFileFor(deps, join('ledger', 'imports'), id, 'log'));
  const keys = rowKeys(id, fileHash, records);
  const acknowledged = (n: number) => !opts.forceReplay && ledger.has(keys[n - 1]!);
  const alreadyImported = records.filter((_, i) => acknowledged(i + 1)).length;
  if (alreadyImported === records.length && records.length > 0 && !opts.dryRun) {
    deps.info(`Every one of the ${records.length} rows was imported before (local ledger); nothing to send. --force-replay checks them against the service.`);
    if (opts.errors) rmSync(opts.errors, { force: true });
    if (opts.json) deps.io.stdout.write(`${JSON.stringify({ rows: records.length, valid: records.length, created: 0, replayed: 0, alreadyImported, rejected: 0, failed: 0, dryRun: false })}\n`);
    return;
  }

  // always fresh: rows checked against a stale cached schema would each cost a request to be refused
  const { schema } = await loadSchema(deps, id, { refresh: true });
  const fields = fieldsFromSchema(schema);
  const { map, unknown } = mapColumns(columns, fields);
  refuseClashes(map, path);
  if (unknown.length) {
    throw new UsageError(`${path}: column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')} ${unknown.length > 1 ? 'match' : 'matches'} no field; fields: ${fields.map((f) => `${f.key} (${fieldLabel(f)})`).join(', ')}`);
  }
  const rows = checkRows(read, keys, map, fields);
  const rejected = rows.filter((r) => r.errors);
  const valid = rows.filter((r) => !r.errors && !acknowledged(r.n));
  const failed: Row[] = [];
  if (alreadyImported && !opts.dryRun) deps.info(`${alreadyImported} rows were imported before (local ledger): sending the other ${valid.length} (${valid.length} request${valid.length === 1 ? '' : 's'}).`);
  else if (!opts.dryRun && valid.length) deps.info(`Sending ${valid.length} row${valid.length === 1 ? '' : 's'}: ${valid.length} request${valid.length === 1 ? '' : 's'} of the monthly quota (one per row; retries count too).`);

  const origin = path === '-' ? undefined : { file: createHash('sha256').update(resolve(path)).digest('hex').slice(0, 16), content: fileHash.slice(0, 16) };
  const before = origin && ledger.contentsOf(origin.file);
  if (before && !before.has(origin!.content) && valid.length) {
    deps.warn(`${path} was imported before with other content: its rows go as a new file's (those the earlier content held too are created again). To send only the rows that failed or were rejected, import that run's --errors file instead.`);
  }
  const sent = opts.dryRun ? { created: 0, replayed: 0 } : await sendRows({ deps, qrId: id, ledger, concurrency, total: rows.length, rejected, failed }, valid);
  if (origin && sent.created + sent.replayed > 0) ledger.noteSource(origin.file, origin.content);
  rejected.sort((a, b) => a.n - b.n);
  failed.sort((a, b) => a.n - b.n);
  const summary = { rows: rows.length, valid: valid.length + alreadyImported, ...sent, alreadyImported, rejected: rejected.length, failed: failed.length, dryRun: opts.dryRun === true };
  if (opts.errors && (rejected.length || failed.length)) await writeErrors(opts.errors, format, columns, [...rejected, ...failed].sort((a, b) => a.n - b.n), fields);
  // nothing left to fix: an errors file of an earlier run would still list its rows (`[ -s errors.csv ]` in a script)
  else if (opts.errors) rmSync(opts.errors, { force: true });
  report(deps, opts, id, summary, rejected, failed, fields);
}
