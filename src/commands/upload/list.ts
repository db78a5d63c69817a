import { listLogos, type LogoItem } from '../../api/resources/uploads.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';

const logoView: View<LogoItem> = { fields: ['fileId', 'fileUrl', 'mime', 'fileUsed'], columns: ['fileId', 'mime', 'fileUsed', 'fileUrl'], id: (l) => l.fileId };

export async function run(deps: Deps): Promise<void> {
  deps.outputFor(logoView);
  await deps.printList({ ...logoView, empty: 'No account logos yet. Upload one: formctl upload logo FILE' }, await listLogos(await deps.client()));
}
