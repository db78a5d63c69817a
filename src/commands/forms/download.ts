import { pipeline } from 'node:stream/promises';
import { downloadQr } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { checkOutputPath, saveStream } from '../../cmdutil/outputPath.js';

interface Opts {
  format: string;
  resolution?: string;
  out?: string;
  force?: boolean;
}

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const resolution = parseIntFlag('--resolution', opts.resolution, 32, 4096);
  const toStdout = opts.out === undefined || opts.out === '-';
  if (toStdout && deps.io.isStdoutTTY) {
    throw new UsageError(`refusing to write ${opts.format} image bytes to a terminal: pass --out FILE (e.g. --out ${id}.${opts.format}) or redirect stdout`);
  }
  if (!toStdout) checkOutputPath('--out', opts.out!, { force: opts.force === true });
  const res = await downloadQr(await deps.client(), id, { format: opts.format, resolution });
  if (toStdout) {
    await pipeline(res.body, deps.io.stdout, { end: false });
    return;
  }
  const target = opts.out!;
  await saveStream(deps, res.body, target);
  deps.info(`Saved the QR code of ${id} to ${target} (${opts.format}).`);
}
