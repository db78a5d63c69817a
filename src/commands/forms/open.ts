import { getForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { terminalText } from '../../output/terminalText.js';

export async function run(deps: Deps, [qrId]: unknown[], opts: { web?: boolean } = {}): Promise<void> {
  const id = requireQrId(qrId);
  const client = await deps.client();
  const form = await getForm(client, id);
  // the link is data for a pipe; on a terminal, the service's text cannot drive it
  deps.io.stdout.write(`${deps.io.isStdoutTTY ? terminalText(form.shortUrl) : form.shortUrl}\n`);
  // a sandbox link opens only while `sandbox serve` runs: when this command ran the sandbox in-process,
  // its links point at another address than the one it was reached at
  if (deps.target().sandbox && new URL(form.shortUrl).origin !== client.base.origin) deps.warn('the sandbox is not being served: this link opens once `formctl sandbox serve` runs (in another terminal)');
  if (opts.web) {
    const { openInBrowser } = await import('../../cmdutil/browser.js');
    const opened = await openInBrowser(deps.io, form.shortUrl);
    if (!opened.tried) {
      if (deps.io.isStdoutTTY) deps.info(`${opened.why}: no browser opened; open the link above.`);
      return;
    }
    if (!opened.ok) throw new Error(`could not open a browser: ${opened.why}; open the link above`);
    deps.info(`Opening ${form.shortUrl} in your browser.`);
    return;
  }
  if (deps.io.isStdoutTTY) {
    // drawn locally from the short link: no second request
    const { default: QRCode } = await import('qrcode');
    const { renderQrTerminal } = await import('../../output/qrTerminal.js');
    const qr = QRCode.create(form.shortUrl, { errorCorrectionLevel: 'M' });
    deps.io.stdout.write(renderQrTerminal(qr.modules.size, (x, y) => qr.modules.get(y, x) === 1));
    deps.info(`${form.title} — scan the code or open the link.`);
  }
}
