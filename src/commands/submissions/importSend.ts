import { createHash } from 'node:crypto';
import { createSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { FieldErrors } from '../../domain/answers.js';
import { ApiError, ConnectionError, isQuotaExhausted } from '../../errors.js';
import { Progress } from '../../output/progressBar.js';
import { interruptible, signalExit } from '../../cmdutil/interrupt.js';
import type { ImportLedger } from './importLedger.js';

/** One data row of an import file and what became of it. */
export interface Row {
  /** 1-based index among the file's records: its Idempotency-Key's row (importKey) */
  n: number;
  /** the row as a person counts down the file, for messages and `_row` (importRead.ts Records) */
  at: number;
  /** its Idempotency-Key (importKey), which the ledger remembers once the service acknowledged it */
  key: string;
  record: Record<string, unknown>;
  answers?: Record<string, unknown>;
  errors?: FieldErrors;
  /** sent, but it failed after its retries (5xx, throttling, a lost connection): worth sending again */
  failure?: string;
}

/** A failure of one row that another attempt may get past (not a verdict on every row). */
function isRowFailure(e: unknown): boolean {
  if (e instanceof ConnectionError) return true;
  if (e instanceof ApiError) return e.status >= 500 || (e.status === 429 && !isQuotaExhausted(e.status, e.message));
  return false;
}

/**
 * spec §8: a key derived from the form, the file's content and the row, so a re-run of the same file
 * replays. A changed file is a new one (two files that hold the same answers are two sets of
 * submissions: a second week of NPS scores is not the first one again); the rows an errors file
 * carries for sending again keep the key they were first sent with (import.ts rowKeys).
 */
export function importKey(qrId: string, fileHash: string, row: number): string {
  return `import-${createHash('sha256').update(`${qrId}\n${fileHash}\n${row}`).digest('hex').slice(0, 48)}`;
}

/** the shape of importKey's keys (an errors file's `_key` column is read only when it is one) */
export const IMPORT_KEY = /^import-[0-9a-f]{48}$/;

interface Sending {
  deps: Deps;
  qrId: string;
  ledger: ImportLedger;
  concurrency: number;
  /** rows in the file, for the message when the import stops */
  total: number;
  /** rows refused by the service join these; rows that ran out of retries join `failed` */
  rejected: Row[];
  failed: Row[];
}

/**
 * Sends the rows, `concurrency` at a time, each with its idempotency key, and records each acknowledged
 * one in the ledger. A failure that every row would meet (quota, auth, a form that is gone) stops it.
 */
export async function sendRows({ deps, qrId, ledger, concurrency, total, rejected, failed }: Sending, valid: Row[]): Promise<{ created: number; replayed: number }> {
  const sent = { created: 0, replayed: 0 };
  const client = await deps.client();
  const progress = new Progress(deps.io, `Importing into ${qrId}`, valid.length);
  let nextIndex = 0;
  let done = 0;
  let fatal: unknown;
  // Ctrl-C (or SIGTERM, a closed terminal): no new row is sent, the rows on their way finish (each
  // with its key: acknowledged or not, a re-run sends it once), the count is said, then the exit
  const interrupt = interruptible();
  let stoppedBy: NodeJS.Signals | undefined;
  void interrupt.signal.then((sig) => (stoppedBy = sig));
  const worker = async () => {
    while (fatal === undefined && stoppedBy === undefined && nextIndex < valid.length) {
      const row = valid[nextIndex++]!;
      const key = row.key;
      try {
        const { replayed } = await createSubmission(client, qrId, { answers: row.answers! }, key);
        ledger.add(key);
        if (replayed) sent.replayed++;
        else sent.created++;
      } catch (e) {
        if (e instanceof ApiError && e.status === 400 && e.fieldErrors) {
          row.errors = e.fieldErrors as FieldErrors;
          rejected.push(row);
        } else if (isRowFailure(e)) {
          // this row ran out of retries; the others may still go through: set it aside and go on
          row.failure = (e as Error).message;
          failed.push(row);
        } else {
          fatal ??= e; // quota, auth, a form that is gone: every row would fail; a re-run resumes
        }
      }
      progress.update(++done);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, valid.length) }, worker));
  } finally {
    interrupt.release();
    progress.stop();
  }
  if (stoppedBy !== undefined && fatal === undefined) {
    deps.warn(`import stopped (${stoppedBy === 'SIGINT' ? 'Ctrl-C' : stoppedBy}): created ${sent.created}, replayed ${sent.replayed}, rejected ${rejected.length}, failed ${failed.length}; ${valid.length - done} of the ${total} rows not sent. Run the same command again to send them (the rows imported are skipped)`);
    throw signalExit(stoppedBy);
  }
  if (fatal !== undefined) {
    deps.warn(`import stopped: created ${sent.created}, replayed ${sent.replayed}, rejected ${rejected.length}, failed ${failed.length} of ${total} rows; run the same command again to finish without duplicates`);
    throw fatal;
  }
  return sent;
}

