import { UsageError } from '../../errors.js';
import { parseInstant } from '../../domain/instants.js';

/** --since/--until: ISO 8601 or Unix seconds (spec §4.4), checked before any request; sent as ISO. */
export function parseTimeFlag(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const ms = parseInstant(raw);
  if (ms === undefined) throw new UsageError(`${name}: "${raw}" is not a time; expected ISO 8601 (2026-06-15T10:00:00Z) or Unix seconds`);
  return new Date(ms).toISOString();
}
