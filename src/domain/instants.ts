/**
 * spec §4.4: since/until are ISO 8601 or Unix timestamps. Numbers are seconds (decimals allowed); a
 * number above 10^11 is taken as milliseconds. Epoch milliseconds, or undefined when not a time.
 */
export function parseInstant(raw: string): number | undefined {
  const t = raw.trim();
  if (/^\d+(\.\d+)?$/.test(t)) {
    const n = Number(t);
    return Math.round(n > 1e11 ? n : n * 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(t)) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}
