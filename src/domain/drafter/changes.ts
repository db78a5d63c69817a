import type { Draft, DraftField } from './types.js';

// What a refinement changed, as people read it: fields added, removed, renamed, made required or
// optional, given other choices or rows, moved; the title and the language.

const label = (f: DraftField) => String(f.option.label ?? '');
const key = (f: DraftField) => `${f.type}\u0000${label(f).toLowerCase()}`;
const names = (f: DraftField) => ((f.option.options as Array<{ name?: string }> | undefined) ?? []).map((o) => String(o.name ?? '')).concat((f.option.rowLabels as string[] | undefined) ?? []).join(' | ');

function fieldChanges(a: DraftField, b: DraftField): string[] {
  const out: string[] = [];
  if (label(a) !== label(b)) out.push(`renamed "${label(a)}" → "${label(b)}"`);
  if ((a.option.required === true) !== (b.option.required === true)) out.push(b.option.required ? 'now required' : 'now optional');
  if (a.type !== b.type) out.push(`${a.type} → ${b.type}`);
  if (names(a) !== names(b)) out.push(`choices ${names(a) || '(none)'} → ${names(b) || '(none)'}`);
  if (JSON.stringify(a.quizConfig) !== JSON.stringify(b.quizConfig)) out.push(b.quizConfig ? 'scored' : 'not scored');
  return out;
}

/** Lines saying what changed from one draft to the next ("+ phone Phone", "- email E-mail", "~ Meal: …"). */
export function draftChanges(before: Draft, after: Draft): string[] {
  const out: string[] = [];
  if (before.title !== after.title) out.push(`~ title: "${before.title}" → "${after.title}"`);
  if (before.locale !== after.locale) out.push(`~ language: ${before.locale} → ${after.locale}`);
  if (Boolean(before.isQuiz) !== Boolean(after.isQuiz)) out.push(after.isQuiz ? '~ now a quiz' : '~ no longer a quiz');
  const left = before.fields.map((f, i) => ({ f, i }));
  const pairs: Array<[DraftField, DraftField]> = [];
  const added: DraftField[] = [];
  for (const b of after.fields) {
    // the same field: same type and label, else the same type at the same place (a rename)
    let at = left.findIndex((x) => key(x.f) === key(b));
    if (at < 0) at = left.findIndex((x) => x.f.type === b.type && x.i === after.fields.indexOf(b));
    if (at < 0) added.push(b);
    else pairs.push([left.splice(at, 1)[0]!.f, b]);
  }
  for (const x of left) out.push(`- ${x.f.type} ${label(x.f)}`);
  for (const f of added) out.push(`+ ${f.type} ${label(f)}`);
  for (const [a, b] of pairs) {
    const c = fieldChanges(a, b);
    if (c.length) out.push(`~ ${label(b)}: ${c.join(', ')}`);
  }
  // the kept fields in another order: their places compared, so that a rename alone is no move
  const at = pairs.map(([a]) => before.fields.indexOf(a));
  if (!out.some((l) => l.startsWith('+') || l.startsWith('-')) && at.some((v, i) => i > 0 && v < at[i - 1]!)) out.push(`~ order: ${pairs.map(([, b]) => label(b)).join(', ')}`);
  return out;
}
