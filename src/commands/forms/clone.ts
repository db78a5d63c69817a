import { cloneForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { MAX_CLONES } from '../../domain/limits.js';
import { withSpinner } from '../../output/progress.js';
import type { View } from '../../output/format.js';

interface CloneRow {
  qrId: string;
  shortUrl: string;
  qrImgUrl: string;
}

const cloneView: View<CloneRow> = { fields: ['qrId', 'shortUrl', 'qrImgUrl'], columns: ['qrId', 'shortUrl', 'qrImgUrl'], id: (r) => r.qrId };

export async function run(deps: Deps, [qrId]: unknown[], opts: { count: string }): Promise<void> {
  const id = requireQrId(qrId);
  const count = parseIntFlag('--count', opts.count, 1, MAX_CLONES)!;
  deps.outputFor(cloneView);
  const client = await deps.client();
  // not retried after a 5xx or a lost answer: a retry could make extra copies
  const { cloneData } = await withSpinner(deps.io, `Cloning ${id}…`, () => cloneForm(client, id, count));
  const rows = cloneData.map((c) => ({ qrId: String(c.image.qrId ?? ''), shortUrl: String(c.image.shortUrl ?? ''), qrImgUrl: c.qrImgUrl }));
  await deps.printList(cloneView, rows);
}
