import { pipeline } from 'node:stream/promises';
import { downloadQr } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { checkOutputPath, saveStream } from '../../cmdutil/outputPath.js';
import { QR_FORMATS } from '../../domain/qrFormats.js';

interface Opts {
  format?: string;
  resolution?: string;
  out?: string;
  force?: boolean;
}

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const resolution = parseIntFlag('--resolution', opts.resolution, 32, 4096);
  const toStdout = opts.out === undefined || opts.out === '-';
  const format = formatOf(opts, toStdout);
  if (toStdout && deps.io.isStdoutTTY) {
    throw new UsageError(`refusing to write ${format} image bytes to a terminal: pass --out FILE (e.g. --out ${id}.${format}) or redirect stdout`);
  }
  if (!toStdout) checkOutputPath('--out', opts.out!, { force: opts.force === true, stdout: true });
  const res = await downloadQr(await deps.client(), id, { format, resolution });
  if (toStdout) {
    await pipeline(res.body, deps.io.stdout, { end: false });
    return;
  }
  const target = opts.out!;
  await saveStream(deps, res.body, target);
  deps.info(`Saved the QR code of ${id} to ${target} (${format}).`);
}

/** --format, else --out's extension (to stdout, PNG); a file whose extension names another format is refused (a PNG in qr.svg). */
function formatOf(opts: Opts, toStdout: boolean): string {
  const ext = toStdout ? undefined : /\.([a-z]+)$/i.exec(opts.out!)?.[1]?.toLowerCase();
  const named = QR_FORMATS.find((f) => f === ext);
  if (opts.format === undefined) {
    if (named) return named;
    // to stdout (`> qr.png`, `| lpr`) a PNG, the image every viewer and printer takes
    if (toStdout) return 'png';
    throw new UsageError(`--format: give ${QR_FORMATS.slice(0, -1).join(', ')} or ${QR_FORMATS.at(-1)}${toStdout ? '' : ` (the extension of --out ${opts.out} names none of them)`}`);
  }
  if (named && named !== opts.format) throw new UsageError(`--out ${opts.out}: the extension says ${named}, --format says ${opts.format}; make them agree`);
  return opts.format;
}
