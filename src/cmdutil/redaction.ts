import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnswerField } from '../domain/answers.js';
import { redactAnswers, redactQuizData, redactor, type Redactor } from '../domain/redact.js';
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
 * --redact / --redact-text: a function that redacts a submission (answers and quizData), or
 * undefined. Without the form's fields (a response that carried no form) every answer is unknown,
 * so redacted as such: redaction never depends on the service sending what it should.
 */
export function redactionFor(deps: Deps, opts: { redact?: boolean; redactText?: boolean }): (<T extends { answers: Record<string, unknown>; quizData?: unknown }>(s: T, fields: AnswerField[] | undefined) => T) | undefined {
  if (!opts.redact && !opts.redactText) return undefined;
  const r: Redactor = redactor(secretOf(deps), opts.redactText === true);
  return (s, fields) => {
    const out = { ...s, answers: redactAnswers(fields ?? [], s.answers, r) };
    if (s.quizData !== undefined) out.quizData = redactQuizData(s.quizData, r);
    return out;
  };
}
