import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import type { DeliveryRow } from '../../sandbox/repo/deliveries.js';
import { sandboxSource } from './source.js';

/** A stored attempt as the command shows it (camelCase, ms rounded). */
const toView = (r: DeliveryRow) => ({ id: r.id, submissionId: r.submission_id, qrId: r.qr_id, url: r.url, status: r.status, error: r.error, ms: Math.round(r.ms), signature: r.signature, body: r.body, at: r.at });
type Delivery = ReturnType<typeof toView>;

const view: View<Delivery> = {
  fields: ['id', 'submissionId', 'qrId', 'url', 'status', 'error', 'ms', 'signature', 'body', 'at'],
  columns: ['at', 'submissionId', 'url', 'status', 'error', 'ms'],
  id: (d) => d.id,
};

/** Every webhook delivery attempt and its outcome (spec §6), from the sandbox the profile points at (or --data). */
export async function run(deps: Deps, _args: unknown[], opts: { data?: string }): Promise<void> {
  deps.outputFor(view);
  const rows = await sandboxSource(deps, opts.data).deliveries();
  await deps.printList({ ...view, empty: 'No webhook deliveries yet. Receive some: formctl --sandbox webhook listen --register' }, rows.map(toView));
}
