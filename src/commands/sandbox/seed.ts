import type { Deps } from '../../cmdutil/factory.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { UsageError } from '../../errors.js';
import { sandboxSource } from './source.js';

interface Opts {
  data?: string;
  count?: string;
  days?: string;
  seed?: string;
}

/** A seeding failure of the data dir (an unknown form) as a message, not a stack. */
async function seeding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof UsageError) throw e;
    if (typeof (e as { status?: unknown }).status === 'number') throw new Error((e as Error).message);
    throw e;
  }
}

/** `sandbox seed scans QRID`: realistic visits of the form's short link (docs/sandbox.md, "Sandbox assumptions"). */
export async function seedScansCommand(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const count = parseIntFlag('--count', opts.count, 1, 1_000_000)!;
  const days = parseIntFlag('--days', opts.days, 1, 3660)!;
  const seed = parseIntFlag('--seed', opts.seed, 0, 2 ** 31 - 1);
  const source = sandboxSource(deps, opts.data);
  const made = await seeding(() => source.seedScans(id, { count, days, seed }));
  deps.info(`Seeded ${made.scans.toLocaleString('en')} scans of ${id} over the last ${days} day${days === 1 ? '' : 's'} (${made.submissions.toLocaleString('en')} led to a submission) in ${source.where}.`);
}

/** `sandbox seed submissions QRID`: valid example submissions, at once. */
export async function seedSubmissionsCommand(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const count = parseIntFlag('--count', opts.count, 1, 5_000_000)!;
  const source = sandboxSource(deps, opts.data);
  const made = await seeding(() => source.seedSubmissions(id, count));
  deps.info(`Seeded ${made.created.toLocaleString('en')} submissions of ${id} in ${source.where}.`);
}
