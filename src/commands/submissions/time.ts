import { whenIso, whenWindow } from '../../domain/when.js';

/**
 * --since/--until of the submission verbs, in the one time language of every time flag
 * (domain/when.ts), checked before any request; sent as ISO 8601 (spec §4.4). A date alone is the
 * start of that day (UTC) for --since and its last second for --until.
 */
export function parseTimeFlag(name: string, raw: string | undefined, nowMs = Date.now()): string | undefined {
  return whenIso(name, raw, name === '--until' ? 'end' : 'start', nowMs);
}

/** --since and --until together (domain/when.ts whenWindow): a window that ends before it starts is exit 2 before any request. */
export const parseTimeWindow = (opts: { since?: string; until?: string }, nowMs = Date.now()) => whenWindow(['--since', '--until'], opts, nowMs);
