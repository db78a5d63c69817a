import { UsageError } from '../../errors.js';
import { isHex24 } from '../../domain/ids.js';

/** spec §2.1: a submission id is 24 hex characters; checked before any request. */
export function requireSubmissionId(value: unknown): string {
  const s = String(value ?? '');
  if (!isHex24(s)) throw new UsageError(`submission id "${s}": expected 24 hex characters (0-9, a-f)`);
  return s;
}
