import { getForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { terminalText } from '../../output/terminalText.js';

export async function run(deps: Deps, [qrId]: unknown[], opts: { web?: boolean } = {}): Promise<void> {
  const id = requireQrId(qrId);
  const form = await getForm(await deps.client(), id);
  // the link is data for a pipe; on a terminal, the service's text cannot drive it
  deps.io.stdout.write(`${deps.io.isStdoutTTY ? terminalText(form.shortUrl) : form.shortUrl}\n`);
  await sayWhenTheLinkIsDead(deps);
  if (opts.web) {
    const { openInBrowser } = await import('../../cmdutil/browser.js');
    if (await openInBrowser(deps.io, form.shortUrl)) deps.info(`Opening ${form.shortUrl} in your browser.`);
    else if (deps.io.isStdoutTTY) deps.info('No browser to open it here (set BROWSER to one): open the link above.');
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

/** A sandbox link opens only while `sandbox serve` runs: say so when this command ran it in-process. */
async function sayWhenTheLinkIsDead(deps: Deps): Promise<void> {
  if (!deps.target().sandbox) return;
  const { findServedSandbox } = await import('../../config/sandboxAddress.js');
  const { sandboxDataDir } = await import('../../config/store.js');
  if (!(await findServedSandbox(sandboxDataDir(deps.io.env)))) deps.warn('the sandbox is not being served: this link opens once `formctl sandbox serve` runs (in another terminal)');
}
