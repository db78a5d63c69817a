import { whenIso } from '../../domain/when.js';

/**
 * --since/--until of the submission verbs, in the one time language of every time flag
 * (domain/when.ts), checked before any request; sent as ISO 8601 (spec §4.4). A date alone is the
 * start of that day (UTC) for --since and its last second for --until.
 */
export function parseTimeFlag(name: string, raw: string | undefined, nowMs = Date.now()): string | undefined {
  return whenIso(name, raw, name === '--until' ? 'end' : 'start', nowMs);
}
