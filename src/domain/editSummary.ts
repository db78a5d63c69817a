// What an edit of a form changes, for people to read before it is sent, with what it removes called
// out: a removed field takes the way to read its answers with it (answers are keyed by field key,
// spec §2.1), and a removed option leaves the answers that chose it without a name. The difference
// itself is forms diff's (compare); this only words it.
import { compare, withoutOptionKeys, type Change, type Definition, type RemoteForm } from './formCode.js';

export interface EditSummary {
  /** one line per change, `+` added, `-` removed, `~` changed */
  lines: string[];
  /** `type "label"` of each field removed */
  removedFields: string[];
  /** `"option" of "field label"` of each choice removed from a field that stays */
  removedOptions: string[];
}

type Choice = { name?: unknown; value?: unknown };
const choices = (v: unknown): Choice[] => (Array.isArray(v) ? (v as Choice[]) : []);
const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));

/** The choices of `from` that `to` no longer has (matched by value, as answers store them). */
function removedChoices(from: unknown, to: unknown): string[] {
  const kept = new Set(choices(to).map((c) => String(c.value ?? c.name)));
  return choices(from).filter((c) => !kept.has(String(c.value ?? c.name))).map((c) => String(c.name ?? c.value));
}

/** Option keys are the service's (spec §2.4 `key`): an edited file keeps them, a comparison leaves them out. */
function withoutKeys(def: Definition): Definition {
  return { ...def, fields: def.fields.map((f) => ({ ...f, option: withoutOptionKeys(f.option ?? {}) })) };
}

function lineOf(c: Change, summary: EditSummary): string[] {
  switch (c.kind) {
    case 'added':
      return [`+ field ${String(c.to)}`];
    case 'removed':
      summary.removedFields.push(String(c.from));
      return [`- field ${String(c.from)}: removed, and with it the way to read its answers`];
    case 'moved':
      return ['~ the order of the fields'];
    case 'set':
      return [`~ ${c.path}: ${show(c.from)} → ${show(c.to)}`];
    default: {
      const what = c.path.replace(/^fields\[\d+\]\.(option\.)?/, '');
      if (what === 'options') {
        const gone = removedChoices(c.from, c.to);
        summary.removedOptions.push(...gone.map((n) => `"${n}" of ${c.note ?? 'a field'}`));
        const added = removedChoices(c.to, c.from);
        return [...gone.map((n) => `- option "${n}" of field ${c.note ?? ''}`), ...(added.length ? [`+ option${added.length === 1 ? '' : 's'} ${added.map((n) => `"${n}"`).join(', ')} of field ${c.note ?? ''}`] : []), ...(gone.length || added.length ? [] : [`~ field ${c.note ?? ''}: options`])];
      }
      if (what === 'label') return [`~ field ${show(c.from)} renamed ${show(c.to)}`];
      return [`~ field ${c.note ?? c.path}: ${what} ${show(c.from)} → ${show(c.to)}`];
    }
  }
}

/**
 * The edit `edited` (the whole form as the user left it: fields with their keys) against the form on
 * the service. Fields match by key only: a field without one is new, a key left out is removed.
 */
export function summarizeEdit(remote: RemoteForm, edited: Definition): EditSummary {
  const { changes } = compare(withoutKeys(edited), remote, {}, { prune: true, matchByLabel: false });
  const summary: EditSummary = { lines: [], removedFields: [], removedOptions: [] };
  for (const c of changes) summary.lines.push(...lineOf(c, summary));
  return summary;
}

/** "2 fields and 1 option", or "" when nothing is removed. */
export function removalCount(s: EditSummary): string {
  const n = (k: number, what: string) => (k ? `${k} ${what}${k === 1 ? '' : 's'}` : '');
  return [n(s.removedFields.length, 'field'), n(s.removedOptions.length, 'option')].filter(Boolean).join(' and ');
}
