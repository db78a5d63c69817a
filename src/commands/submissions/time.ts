import { UsageError } from '../../cli/errors.js';

/** --since/--until: ISO 8601 or Unix seconds (spec §4.4), checked before any request; sent as ISO. */
export function parseTimeFlag(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const t = raw.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(t)) ms = Number(t) > 1e11 ? Number(t) : Number(t) * 1000;
  else if (/^\d{4}-\d{2}-\d{2}/.test(t)) ms = Date.parse(t);
  else ms = Number.NaN;
  if (!Number.isFinite(ms)) throw new UsageError(`${name}: "${raw}" is not a time; expected ISO 8601 (2026-06-15T10:00:00Z) or Unix seconds`);
  return new Date(ms).toISOString();
}
