import { shareForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';
import { parseRecipients } from '../../domain/recipients.js';

export async function run(deps: Deps, [qrId]: unknown[], opts: { to: string }): Promise<void> {
  const id = requireQrId(qrId);
  const r = parseRecipients(opts.to);
  if (!r.ok) throw new UsageError(`--to: ${r.message.replace(/^recipients: /, '')}`);
  await shareForm(await deps.client(), id, r.addresses);
  deps.info(`Shared ${id} with ${r.addresses.join(', ')}.`);
}
