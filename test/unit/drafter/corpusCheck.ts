import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { readPrompt } from '../../../src/domain/drafter/draft.js';
import type { Draft } from '../../../src/domain/drafter/types.js';

// The corpus of test/fixtures/drafter/prompts.yaml and what a person expects of each draft (its
// README says how an entry reads). Shared by the corpus test and the timing script.

export interface Entry {
  p: string;
  kind?: string;
  locale?: string;
  has?: string[];
  not?: string[];
  options?: string[][];
  required?: string[];
  quiz?: boolean;
  pass?: number;
  labels?: string[];
}

const load = (name: string): Entry[] => parse(readFileSync(new URL(`../../fixtures/drafter/${name}`, import.meta.url), 'utf8'));
export const CORPUS: Entry[] = load('prompts.yaml');
/** sentences never tuned on: their share is reported, not asserted */
export const HELD_OUT: Entry[] = load('heldout.yaml');
/** a second held-out set, written before the changes it measured and never tuned on (reported) */
export const HELD_OUT_2: Entry[] = load('heldout2.yaml');
/** sentences written by someone who never saw the drafter: their share is asserted */
export const INDEPENDENT: Entry[] = load('independent.yaml');
/** a second stranger's 80 sentences, never tuned on: the honest figure (reported, not asserted) */
export const STRANGER: Entry[] = load('stranger.yaml');
/** half of a new stranger's 100 sentences, tuned on (reported, not asserted); the other half is held out */
export const STRANGER2_TUNE: Entry[] = load('stranger2-tune.yaml');
/** the other half of the new stranger's sentences, never seen while tuning: reported as a number only */
export const STRANGER2_HOLD: Entry[] = load('stranger2-hold.yaml');

const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** What the draft misses of the entry's expectations (empty: met). */
export function misses(e: Entry): string[] {
  let draft: Draft;
  let kind: string | undefined;
  try {
    ({ draft, kind } = readPrompt(e.p));
  } catch (err) {
    return [`refused: ${(err as Error).message}`];
  }
  const out: string[] = [];
  const types = draft.fields.map((f) => f.type as string);
  if (e.kind && !e.kind.split('|').includes(kind ?? '')) out.push(`kind ${kind} ≠ ${e.kind}`);
  if ((e.locale ?? 'en') !== draft.locale) out.push(`locale ${draft.locale} ≠ ${e.locale ?? 'en'}`);
  const left = [...types];
  for (const want of e.has ?? []) {
    const i = left.findIndex((t) => want.split('|').includes(t));
    if (i < 0) out.push(`no ${want}`);
    else left.splice(i, 1);
  }
  for (const t of e.not ?? []) if (types.includes(t)) out.push(`has ${t}`);
  for (const list of e.options ?? []) {
    const ok = draft.fields.some((f) => {
      const names = ((f.option.options as Array<{ name: string }> | undefined) ?? []).map((o) => fold(o.name));
      return list.every((n) => names.includes(fold(n)));
    });
    if (!ok) out.push(`no choices ${list.join('/')}`);
  }
  for (const t of e.required ?? []) if (!draft.fields.some((f) => f.type === t && f.option.required === true)) out.push(`${t} not required`);
  if (e.quiz && !(draft.isQuiz && draft.fields.some((f) => f.quizConfig?.correctAnswers?.length))) out.push('not a quiz');
  if (!e.quiz && draft.isQuiz) out.push('a quiz');
  if (e.pass !== undefined && draft.quizConfig?.passingScore !== e.pass) out.push(`pass mark ${String(draft.quizConfig?.passingScore)}`);
  for (const l of e.labels ?? []) if (!draft.fields.some((f) => fold(JSON.stringify(f.option)).includes(fold(l)))) out.push(`no label ${l}`);
  return out;
}

export const show = (d: Draft) => d.fields.map((f) => `${f.type}:${String(f.option.label)}${f.option.required ? '*' : ''}${f.option.options ? `[${(f.option.options as Array<{ name: string }>).map((o) => o.name).join('|')}]` : ''}${f.option.rowLabels ? `{${(f.option.rowLabels as string[]).join('|')}}` : ''}`).join(' ; ');
