import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Deps } from './deps.js';
import { localFileFor } from './localFiles.js';

// The quota ledger: every request formctl sent, per profile and calendar month (UTC, as the service
// counts), one JSON line per run appended with O_APPEND (atomic for lines this short, so concurrent
// runs never interleave). The API never says how much quota is left; this is what formctl knows.

export interface LedgerLine {
  at: string;
  command: string;
  requests: number;
}

export const month = (d = new Date()) => d.toISOString().slice(0, 7);

export function ledgerPath(deps: Deps, m = month()): string {
  return localFileFor(deps, 'ledger', `${deps.target().profileName}-${m}`, 'jsonl');
}

export function record(deps: Deps, command: string, requests: number): void {
  if (requests <= 0) return;
  const path = ledgerPath(deps);
  const line = `${JSON.stringify({ at: new Date().toISOString(), command, requests })}\n`;
  try {
    appendFileSync(path, line, { mode: 0o600 });
  } catch (e) {
    // the month's first run of this profile (or the first ever): make the folder, then append
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    appendFileSync(path, line, { mode: 0o600 });
  }
}

export function readLedger(deps: Deps, m = month()): LedgerLine[] {
  let text: string;
  try {
    text = readFileSync(ledgerPath(deps, m), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((l) => {
    try {
      const v = JSON.parse(l) as LedgerLine;
      return typeof v.requests === 'number' ? [v] : [];
    } catch {
      return [];
    }
  });
}
