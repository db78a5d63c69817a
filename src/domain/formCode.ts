// Forms as code: a form's definition file (the documented writable properties of spec §2.2, in a
// stable order), and the difference between a file and the form on the service, field by field.

export interface DefField {
  key?: string;
  type: string;
  option: Record<string, unknown>;
  quizConfig?: Record<string, unknown>;
}

export interface Definition {
  title: string;
  shortText: string;
  locale?: string;
  submissionNotification?: boolean;
  isQuiz?: boolean;
  quizConfig?: Record<string, unknown>;
  qrConfig?: Record<string, unknown>;
  fields: DefField[];
}

/** the form as the service returns it (spec §2.3), the parts a definition holds: every field has its key */
export type RemoteForm = Omit<Definition, 'fields'> & { fields: Array<DefField & { key: string }> };

/** Objects with their keys sorted, all the way down: the same form always writes the same bytes. */
export function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
  return value;
}

/** The definition of a form: top-level properties in the spec's order, fields with their keys. */
export function definitionOf(form: RemoteForm): Definition {
  // fields last: the settings read first, then the long list
  const def = { title: form.title, shortText: form.shortText } as Definition;
  if (form.locale) def.locale = form.locale;
  def.submissionNotification = form.submissionNotification !== false;
  if (form.isQuiz) {
    def.isQuiz = true;
    if (form.quizConfig) def.quizConfig = sorted(form.quizConfig) as Record<string, unknown>;
  }
  if (form.qrConfig && Object.keys(form.qrConfig).length) def.qrConfig = sorted(form.qrConfig) as Record<string, unknown>;
  def.fields = form.fields.map((f) => {
    const out: DefField = { key: f.key, type: f.type, option: sorted(withoutOptionKeys(f.option)) as Record<string, unknown> };
    if (f.quizConfig) out.quizConfig = sorted(f.quizConfig) as Record<string, unknown>;
    return out;
  });
  return def;
}

/** Choice options get server keys (spec §2.4 `key`); a definition leaves them out. */
export function withoutOptionKeys(option: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(option.options)) return option;
  return { ...option, options: (option.options as unknown[]).map((o) => (o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'key')) : o)) };
}

export interface Change {
  kind: 'set' | 'added' | 'removed' | 'changed' | 'moved' | 'kept';
  path: string;
  from?: unknown;
  to?: unknown;
  note?: string;
}

export interface Comparison {
  changes: Change[];
  /** the minimal partial update (empty when equal) */
  patch: Record<string, unknown>;
  /** for each file field (by index): the service key it maps to, when it exists there */
  matched: Array<string | undefined>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a ?? null)) === JSON.stringify(sorted(b ?? null));
const label = (f: { option: Record<string, unknown> }) => String(f.option.label ?? '');

/** the parts of quizConfig the service shows: correct answers are never returned (spec §2.3) */
function visibleQuiz(q: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!q) return undefined;
  const { correctAnswers: _hidden, ...rest } = q;
  void _hidden;
  return rest;
}

type AnswersKnown = (fileKey: string | undefined, quiz: Record<string, unknown>) => boolean;
type RemoteField = RemoteForm['fields'][number];

/** The top-level settings the file gives, then its quizConfig and qrConfig key by key; each one that differs joins the patch. */
function compareSettings(def: Definition, remote: RemoteForm, changes: Change[], patch: Record<string, unknown>): void {
  const top: Array<keyof Definition> = ['title', 'shortText', 'locale', 'submissionNotification', 'isQuiz'];
  for (const k of top) {
    if (def[k] === undefined) continue;
    // absent on the service means the default: notification on, not a quiz
    const r = k === 'submissionNotification' ? remote[k] !== false : k === 'isQuiz' ? remote[k] === true : remote[k as keyof RemoteForm];
    if (!same(def[k], r)) {
      // GET does not return a form's locale (spec §2.3): unknown until a write from here remembers it
      const unseen = k === 'locale' && r === undefined;
      changes.push({ kind: 'set', path: k, from: r, to: def[k], ...(unseen ? { note: '(not shown by the service: sent, then remembered in .formctl/forms.json)' } : {}) });
      patch[k] = def[k];
    }
  }
  for (const k of ['quizConfig', 'qrConfig'] as const) {
    if (def[k] === undefined) continue;
    const want = def[k]!;
    const have = (remote[k] ?? {}) as Record<string, unknown>;
    const keys = new Set([...Object.keys(want), ...(k === 'qrConfig' ? Object.keys(have) : [])]);
    let differs = false;
    for (const p of [...keys].sort()) {
      if (!same(want[p], have[p])) {
        differs = true;
        changes.push({ kind: 'set', path: `${k}.${p}`, from: have[p], to: want[p] });
      }
    }
    if (differs) patch[k] = want;
  }
}

/** For each file field, the service key it matches (or undefined: a new field); `remaining`: service fields no file field matched. */
function matchFields(def: Definition, remote: RemoteForm, keyMap: Record<string, string>, byLabel: boolean): { matched: Array<string | undefined>; remaining: Map<string, RemoteField> } {
  const remaining = new Map(remote.fields.map((f) => [f.key, f]));
  const matched: Array<string | undefined> = def.fields.map((f) => {
    const key = (f.key && keyMap[f.key]) ?? (f.key && remaining.has(f.key) ? f.key : undefined);
    if (key && remaining.has(key)) {
      remaining.delete(key);
      return key;
    }
    return undefined;
  });
  // a field without a known key is matched by type and label (a file written by hand), unless the
  // caller sends the list as it is (forms edit: a field without a key is a new field)
  def.fields.forEach((f, i) => {
    if (matched[i] || !byLabel) return;
    const hit = [...remaining.values()].find((r) => r.type === f.type && label(r) === label(f));
    if (hit) {
      remaining.delete(hit.key);
      matched[i] = hit.key;
    }
  });
  return { matched, remaining };
}

/** Whether the file's correct answers are known to be on the service: none given, or the ones last applied. */
function answersOnService(f: DefField, answersKnown: AnswersKnown | undefined): boolean {
  return f.quizConfig!.correctAnswers === undefined || (answersKnown?.(f.key, f.quizConfig!) ?? false);
}

/** The changes of file field `i` against the service field it matched (none matched: it is added). */
function compareField(f: DefField, i: number, r: RemoteField | undefined, answersKnown: AnswersKnown | undefined): Change[] {
  const name = label(f) || f.type;
  if (!r) return [{ kind: 'added', path: `fields[${i}]`, to: `${f.type} "${name}"` }];
  const changes: Change[] = [];
  if (r.type !== f.type) changes.push({ kind: 'changed', path: `fields[${i}].type`, from: r.type, to: f.type });
  const ro = withoutOptionKeys(r.option);
  for (const p of [...new Set([...Object.keys(f.option), ...Object.keys(ro)])].sort()) {
    if (same(f.option[p], ro[p])) continue;
    if (p === 'label') changes.push({ kind: 'changed', path: `fields[${i}].label`, from: ro.label, to: f.option.label, note: 'renamed' });
    else changes.push({ kind: 'changed', path: `fields[${i}].option.${p}`, from: ro[p], to: f.option[p], note: `"${name}"` });
  }
  if (f.quizConfig) {
    const shownSame = same(visibleQuiz(f.quizConfig), visibleQuiz(r.quizConfig));
    const answers = answersOnService(f, answersKnown);
    if (!shownSame || !answers) changes.push({ kind: 'changed', path: `fields[${i}].quizConfig`, from: visibleQuiz(r.quizConfig), to: f.quizConfig, note: answers ? `"${name}"` : `"${name}": correct answers are never shown by the service, so they are sent` });
  }
  return changes;
}

/** spec §2.2: an update's fields replace the list; keys keep existing fields (and their answers). */
function fieldsPatch(def: Definition, matched: Array<string | undefined>, byKey: Map<string, RemoteField>, remaining: Map<string, RemoteField>, opts: { prune: boolean; answersKnown?: AnswersKnown }): Array<Record<string, unknown>> {
  const list: Array<Record<string, unknown>> = def.fields.map((f, i) => {
    const out: Record<string, unknown> = { type: f.type, option: f.option };
    if (matched[i]) out.key = matched[i];
    const r = matched[i] ? byKey.get(matched[i]!) : undefined;
    // an unchanged quizConfig stays as the service has it (its correct answers included)
    if (f.quizConfig && !(r && same(visibleQuiz(f.quizConfig), visibleQuiz(r.quizConfig)) && answersOnService(f, opts.answersKnown))) out.quizConfig = f.quizConfig;
    return out;
  });
  if (!opts.prune) for (const r of remaining.values()) list.push({ key: r.key, type: r.type, option: r.option });
  return list;
}

/**
 * File against service. Fields match by the key the manifest maps them to, else their own key, else
 * type and label (unless `matchByLabel` is false). `answersKnown(fileKey, quizConfig)` tells whether the file's correct answers are
 * the ones last applied (the service never shows them).
 */
export function compare(def: Definition, remote: RemoteForm, keyMap: Record<string, string>, opts: { prune: boolean; answersKnown?: AnswersKnown; matchByLabel?: boolean }): Comparison {
  const changes: Change[] = [];
  const patch: Record<string, unknown> = {};
  compareSettings(def, remote, changes, patch);

  const { matched, remaining } = matchFields(def, remote, keyMap, opts.matchByLabel !== false);
  const byKey = new Map(remote.fields.map((f) => [f.key, f]));
  let fieldsChange = false;
  def.fields.forEach((f, i) => {
    const fieldChanges = compareField(f, i, matched[i] ? byKey.get(matched[i]!) : undefined, opts.answersKnown);
    changes.push(...fieldChanges);
    if (fieldChanges.length) fieldsChange = true;
  });
  // order of the fields both sides have
  const fileOrder = matched.filter(Boolean) as string[];
  const remoteOrder = remote.fields.map((f) => f.key).filter((k) => fileOrder.includes(k));
  if (!same(fileOrder, remoteOrder)) {
    changes.push({ kind: 'moved', path: 'fields', note: 'the order of the fields' });
    fieldsChange = true;
  }
  for (const r of remaining.values()) {
    changes.push(opts.prune ? { kind: 'removed', path: `fields.${r.key}`, from: `${r.type} "${label(r)}"` } : { kind: 'kept', path: `fields.${r.key}`, from: `${r.type} "${label(r)}"`, note: 'on the service but not in the file: kept (--prune-fields removes it)' });
    if (opts.prune) fieldsChange = true;
  }
  if (fieldsChange) patch.fields = fieldsPatch(def, matched, byKey, remaining, opts);
  return { changes: changes.filter((c) => c.kind !== 'kept' || !opts.prune), patch, matched };
}

/** A file name for a form: its title as a slug (pull --all). */
export function fileSlug(title: string): string {
  return title.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'form';
}
