import { shareForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cli/factory.js';
import { UsageError } from '../../cli/errors.js';
import { requireQrId } from '../../cli/input.js';
import { parseRecipients } from '../../domain/recipients.js';

export async function run(deps: Deps, [qrId]: unknown[], opts: { to: string }): Promise<void> {
  const id = requireQrId(qrId);
  const r = parseRecipients(opts.to);
  if (!r.ok) throw new UsageError(`--to: ${r.message.replace(/^recipients: /, '')}`);
  await shareForm(await deps.client(), id, r.addresses);
  deps.info(`Shared ${id} with ${r.addresses.join(', ')}.`);
}
