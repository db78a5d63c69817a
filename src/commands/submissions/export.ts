import { csvLine } from '../../output/csvCell.js';
import { closeSync, existsSync, fsyncSync, readFileSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { z } from 'zod/v4';
import { walkPages } from '../../api/pageWalker.js';
import { listSubmissionsDeferred, SUBMISSIONS_PAGE_MAX, type FormDefinition, type Submission } from '../../api/resources/submissions.js';
import { plural } from '../../output/plural.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { checkOutputPath } from '../../cmdutil/outputPath.js';
import type { AnswerField } from '../../domain/answers.js';
import { submissionColumns } from '../../domain/flatten.js';
import { commitTempFile, openTempFile, writeAllSync, writeFileAtomic } from '../../io/atomicFile.js';
import { Progress } from '../../output/progressBar.js';
import { parseTimeWindow } from './time.js';
import { NewestSeen } from './newest.js';

interface Opts {
  redact?: boolean;
  redactText?: boolean;
  out?: string;
  force?: boolean;
  /** -o: the same as --format */
  output?: 'csv' | 'jsonl' | 'json';
  format?: 'csv' | 'jsonl' | 'json';
  json?: boolean;
  since?: string;
  until?: string;
  headers: 'label' | 'key';
  checkpoint?: string;
  order: 'newest' | 'oldest';
  concurrency: string;
}

/**
 * What --checkpoint remembers: the newest exported createdAt and every id at exactly that time. The
 * schema is the type (zod loads only when there is a checkpoint to read: an export without one does not load it).
 */
async function checkpointSchema() {
  const { z } = await import('zod/v4');
  return z.object({
    version: z.literal(1),
    qrId: z.string(),
    newestCreatedAt: z.string(),
    idsAtNewest: z.array(z.string()),
    exported: z.number().int().min(0),
    updatedAt: z.string(),
  });
}

export type Checkpoint = z.infer<Awaited<ReturnType<typeof checkpointSchema>>>;

export async function readCheckpoint(path: string, qrId: string): Promise<Checkpoint | undefined> {
  // read now and written at the end: the same rules as --out (a FIFO would block the read forever,
  // /dev/null would read as "not JSON" and then be replaced), checked before any request
  checkOutputPath('--checkpoint', path);
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new UsageError(`--checkpoint: ${path} is not a checkpoint file written by formctl (not JSON)`);
  }
  const r = (await checkpointSchema()).safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new UsageError(`--checkpoint: ${path} is not a checkpoint file written by formctl (${issue.path.join('.') || 'top level'}: ${issue.message})`);
  }
  if (r.data.qrId !== qrId) throw new UsageError(`--checkpoint: ${path} belongs to form ${r.data.qrId}, not ${qrId}`);
  return r.data;
}

/** Serialises rows in one of the three formats; nothing but the current page is held in memory. */
async function makeEncoder(format: Opts['format'], fields: AnswerField[], headers: Opts['headers'], csvRaw: boolean) {
  if (format === 'csv') {
    const columns = submissionColumns(fields, { headers });
    const values = columns.map((c) => c.value);
    const cells = new Array<string>(values.length);
    return {
      head: csvLine(columns.map((c) => c.header), csvRaw),
      rows: (items: Submission[]) => {
        let out = '';
        for (const s of items) {
          for (let i = 0; i < values.length; i++) cells[i] = values[i]!(s);
          out += csvLine(cells, csvRaw);
        }
        return out;
      },
      tail: '',
    };
  }
  if (format === 'jsonl') return { head: '', rows: (items: Submission[]) => items.map((s) => `${JSON.stringify(s)}\n`).join(''), tail: '' };
  let first = true;
  return {
    head: '[',
    rows: (items: Submission[]) =>
      items
        .map((s) => {
          const sep = first ? '\n' : ',\n';
          first = false;
          return sep + JSON.stringify(s);
        })
        .join(''),
    tail: '\n]\n',
  };
}

/** Writes with back-pressure; a write error (a closed pipe…) rejects instead of leaving a wait for `drain`. */
function streamWriter(out: Writable): (text: string) => Promise<void> {
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  return (text) => {
    if (failed) return Promise.reject(failed);
    if (text === '' || out.write(text)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      out.once('error', onError);
      out.once('drain', () => {
        out.off('error', onError);
        resolve();
      });
    });
  };
}

/**
 * Where the rows go: stdout (a stream, with back-pressure), or a private temporary file beside --out
 * that only a finished export renames into place. A page's rows go to the file in one plain write(2):
 * through a write stream each was a round trip to libuv's thread pool, which cost the main thread
 * more than the writing did (a disk-full error still surfaces at once, as a throw).
 */
interface Output {
  write(text: string): Promise<void>;
  /** renames the finished file into place (synced first); nothing for stdout */
  commit(): Promise<void>;
  toStdout: boolean;
}

function openOutput(deps: Deps, target: string | undefined, progress: Progress, checkpoint?: string): Output {
  const checkpointNote = checkpoint ? `; the checkpoint ${checkpoint} did not move` : '';
  deps.onCleanup(() => progress.stop());
  if (target === undefined || target === '-') return { write: streamWriter(deps.io.stdout), commit: async () => undefined, toStdout: true };
  // submissions are people's answers: the file is the user's alone (0600), like a key
  const { temp, fd } = openTempFile(target, 0o600);
  let open = true;
  let finished = false;
  const close = () => {
    // once only, even when the close itself fails (NFS reports a deferred write error there): a
    // closed descriptor's number may already belong to another file or socket
    if (!open) return;
    open = false;
    closeSync(fd);
  };
  // on failure or Ctrl-C (both run the cleanups): never leave a half-written file behind
  deps.onCleanup(() => {
    if (finished) return;
    // the name goes first (an open file can be unlinked), so nothing is left whatever follows
    rmSync(temp, { force: true });
    try {
      close();
    } catch { /* a failed close of a file that is gone */ }
    // said once the file is gone: what is on disk (nothing), and that the checkpoint is as it was
    deps.info(`${target} was not written (an export appears whole or not at all)${checkpointNote}`);
  });
  const write = async (text: string) => {
    if (text !== '') writeAllSync(fd, Buffer.from(text));
  };
  const commit = async () => {
    // on disk before it takes the target's name, and before the checkpoint moves
    fsyncSync(fd);
    close();
    commitTempFile(temp, target);
    // only once it has its name: a rename that fails leaves the cleanup to remove the answers
    finished = true;
  };
  return { write, commit, toStdout: false };
}

/** The rows a run writes: since and until from the flags and the checkpoint, and the ids already exported at its edge. */
async function windowOf(opts: Opts, id: string) {
  let { since, until } = parseTimeWindow(opts);
  const checkpoint = opts.checkpoint ? await readCheckpoint(opts.checkpoint, id) : undefined;
  if (checkpoint && (!since || checkpoint.newestCreatedAt > since)) since = checkpoint.newestCreatedAt;
  const skip = new Set(checkpoint && since === checkpoint.newestCreatedAt ? checkpoint.idsAtNewest : []);
  return { since, until, checkpoint, skip };
}

/** What a run has seen (the next checkpoint), and its counts. */
class Tally extends NewestSeen {
  written = 0;
  skipped = 0;
}

function saveCheckpoint(path: string, id: string, before: Checkpoint | undefined, tally: Tally): void {
  const cp: Checkpoint = { version: 1, qrId: id, newestCreatedAt: tally.newest, idsAtNewest: [...tally.idsAtNewest], exported: (before?.exported ?? 0) + tally.written, updatedAt: new Date().toISOString() };
  // the user's alone, as the export beside it (submission ids and times of the account's form)
  writeFileAtomic(path, `${JSON.stringify(cp, null, 2)}\n`, 0o600);
}

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const id = requireQrId(qrId);
  const concurrency = parseIntFlag('--concurrency', opts.concurrency, 1, 8)!;
  const { since, until: untilFlag, checkpoint, skip } = await windowOf(opts, id);
  if (opts.out !== undefined && opts.out !== '-') checkOutputPath('--out', opts.out, { force: opts.force === true, stdout: true });
  if (opts.output !== undefined && opts.format !== undefined && opts.output !== opts.format) {
    throw new UsageError(`-o ${opts.output} and --format ${opts.format} name two formats (-o is the same as --format): give one of them`);
  }
  const named = opts.output ?? opts.format;
  if (opts.json && named !== undefined && named !== 'json') throw new UsageError(`--json and ${opts.output !== undefined ? '-o' : '--format'} ${named} name two formats: give one of them`);
  const format = named ?? (opts.json ? 'json' : 'csv');

  const client = await deps.client();
  let until = untilFlag;
  // pages fetched ahead wait their turn as bytes, decoded in it (listSubmissionsDeferred)
  const fetchPage = (page: number) => listSubmissionsDeferred(client, id, { page, limit: SUBMISSIONS_PAGE_MAX, since, until });
  const first = (await fetchPage(1))();
  // the window is pinned: pages after the first ask for nothing newer than the newest row seen, so
  // submissions arriving during the export cannot shift them (and no client clock is trusted)
  if (!until && first.items[0]) until = first.items[0].createdAt;
  let total = first.total;
  // the cost, known after the first page: one request per 100 submissions
  if (first.totalPages > 1) deps.info(`${total.toLocaleString('en')} submissions: ${first.totalPages.toLocaleString('en')} requests of the monthly quota (⌈${total}/100⌉; 1 sent).`);
  // spec §4.4: the form comes with every page; without it no field is known (and --redact treats
  // every answer as unknown), so CSV has no answer columns: said, not silently
  const form: FormDefinition | undefined = first.form;
  if (!form) deps.warn(`the service sent no form definition with the submissions: answers are not known by field${format === 'csv' ? ' (the CSV has no answer columns; -o jsonl keeps them)' : ''}`);
  const fields = (form?.fields ?? []) as AnswerField[];
  const encoder = await makeEncoder(format, fields, opts.headers, deps.flags.csvRaw === true);

  const progress = new Progress(deps.io, `Exporting ${id}`, total);
  const output = openOutput(deps, opts.out, progress, opts.checkpoint);
  const write = output.write;
  const tally = new Tally(checkpoint);
  await write(encoder.head);
  for await (const page of walkPages(fetchPage, { first, window: concurrency, order: opts.order === 'oldest' ? 'last-to-first' : 'first-to-last' })) {
    if (page.total !== total) {
      deps.warn(`the number of matching submissions changed during the export (${total} → ${page.total}): some were deleted meanwhile`);
      total = page.total;
    }
    const fresh: Submission[] = [];
    for (const s of opts.order === 'oldest' ? [...page.items].reverse() : page.items) {
      tally.see(s);
      if (skip.has(s.id)) tally.skipped++;
      else fresh.push(redact ? redact(s, fields) : s);
    }
    await write(encoder.rows(fresh));
    tally.written += fresh.length;
    progress.update(tally.written + tally.skipped);
  }
  await write(encoder.tail);
  await output.commit();
  progress.stop();
  // only now, with the data safely written, does the checkpoint move forward
  if (opts.checkpoint && tally.newest) saveCheckpoint(opts.checkpoint, id, checkpoint, tally);
  const { written, skipped } = tally;
  deps.info(`Exported ${plural(written, 'submission')}${output.toStdout ? '' : ` to ${opts.out}`} in ${plural(client.requestCount, 'request')}${skipped ? `; ${skipped} met again at the checkpoint's time and left out (an earlier run exported ${skipped === 1 ? 'it' : 'them'})` : ''}.`);
}
