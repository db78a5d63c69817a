import { getForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  const form = await getForm(await deps.client(), id);
  deps.io.stdout.write(`${form.shortUrl}\n`);
  if (deps.io.isStdoutTTY) {
    // drawn locally from the short link: no second request
    const { default: QRCode } = await import('qrcode');
    deps.io.stdout.write(await QRCode.toString(form.shortUrl, { type: 'terminal', small: true }));
    deps.info(`${form.title} — scan the code or open the link.`);
  }
}
