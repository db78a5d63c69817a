import { readFileSync } from 'node:fs';
import type { Deps } from '../../cmdutil/factory.js';
import { ExitWith, UsageError } from '../../errors.js';
import { readStdin } from '../../cmdutil/input.js';
import { verifyWebhook } from '../../domain/webhookSignature.js';
import { secretFromFileOrEnv } from './present.js';

/** Exit 0 when the signature matches the raw bytes, 1 when not (for receivers written in shell). */
export async function run(deps: Deps, [file]: unknown[], opts: { secretFile?: string; signature: string }): Promise<void> {
  if (opts.secretFile === '-' && (file === undefined || file === '-')) throw new UsageError('--secret-file -: stdin carries the body here; give the secret in a file or FORMCTL_WEBHOOK_SECRET');
  const secret = await secretFromFileOrEnv(deps, opts.secretFile);
  if (!secret) throw new UsageError('no secret: set FORMCTL_WEBHOOK_SECRET or pass --secret-file FILE');
  let raw: Buffer;
  if (file === undefined || file === '-') {
    if (deps.io.isStdinTTY) throw new UsageError('expected the raw body on stdin (or a file argument), but stdin is a terminal');
    raw = Buffer.from(await readStdin(deps.io), 'utf8');
  } else {
    try {
      raw = readFileSync(String(file));
    } catch {
      throw new UsageError(`cannot read ${String(file)}`);
    }
  }
  if (verifyWebhook(secret, raw, opts.signature)) {
    deps.info('signature ok');
    return;
  }
  throw new ExitWith(1, 'signature does NOT match');
}
