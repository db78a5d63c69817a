import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { submissionRedaction, type RedactionKey, type SubmissionRedaction } from '../domain/redact.js';
import type { Deps } from './factory.js';
import { localFileFor } from './localFiles.js';

/** The profile's redaction secret (32 random bytes, 0600 in the config dir), made on first use. */
function secretOf(deps: Deps): string {
  const path = localFileFor(deps, 'redact', deps.target().profileName, 'key');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
    const secret = randomBytes(32).toString('hex');
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(path, 'utf8').trim(); // another run made it first
    }
  }
}

/**
 * --redact / --redact-text: the profile's secret and whether free text is dropped, or undefined: plain
 * data, for a redaction made elsewhere (sync's SQLite worker thread redacts the pages it parses).
 */
export function redactionKey(deps: Deps, opts: { redact?: boolean; redactText?: boolean }): RedactionKey | undefined {
  if (!opts.redact && !opts.redactText) return undefined;
  return { secret: secretOf(deps), dropText: opts.redactText === true };
}

/** --redact / --redact-text: a function that redacts a submission (domain/redact.ts submissionRedaction), or undefined. */
export function redactionFor(deps: Deps, opts: { redact?: boolean; redactText?: boolean }): SubmissionRedaction | undefined {
  const key = redactionKey(deps, opts);
  return key && submissionRedaction(key);
}
