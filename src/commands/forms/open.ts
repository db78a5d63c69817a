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
    const { renderQrTerminal } = await import('../../output/qrTerminal.js');
    const qr = QRCode.create(form.shortUrl, { errorCorrectionLevel: 'M' });
    deps.io.stdout.write(renderQrTerminal(qr.modules.size, (x, y) => qr.modules.get(y, x) === 1));
    deps.info(`${form.title} — scan the code or open the link.`);
  }
}
