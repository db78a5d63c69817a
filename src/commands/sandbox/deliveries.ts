import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { withStore } from './openStore.js';

interface Delivery {
  id: string;
  submissionId: string;
  qrId: string;
  url: string;
  status: number | null;
  error: string | null;
  ms: number;
  signature: string;
  body: string;
  at: string;
}

const view: View<Delivery> = {
  fields: ['id', 'submissionId', 'qrId', 'url', 'status', 'error', 'ms', 'signature', 'body', 'at'],
  columns: ['at', 'submissionId', 'url', 'status', 'error', 'ms'],
  id: (d) => d.id,
};

/** Every webhook delivery attempt and its outcome (spec §6), from the sandbox's data dir. */
export async function run(deps: Deps, _args: unknown[], opts: { data?: string }): Promise<void> {
  deps.outputFor(view);
  const rows = await withStore(deps, opts.data, (store) => store.deliveries.all());
  await deps.printList(
    view,
    rows.map((r) => ({ id: String(r.id), submissionId: String(r.submission_id), qrId: String(r.qr_id), url: String(r.url), status: r.status as number | null, error: r.error as string | null, ms: Math.round(Number(r.ms)), signature: String(r.signature), body: String(r.body), at: String(r.at) })),
  );
}
