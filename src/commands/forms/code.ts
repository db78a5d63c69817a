import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createForm, getForm, listForms, updateForm, type Form } from '../../api/resources/forms.js';
import { paginate } from '../../api/paginate.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { sandboxDataDir } from '../../config/store.js';
import { readJsonInput, requireQrId } from '../../cmdutil/input.js';
import { checkOutputPath } from '../../cmdutil/outputPath.js';
import { checkFormCreate, checkFormUpdate } from '../../domain/form.js';
import { compare, definitionOf, fileSlug, type Change, type Definition, type RemoteForm } from '../../domain/formCode.js';
import { FORMS_PAGE_MAX } from '../../domain/limits.js';
import { ExitWith, UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../io/atomicFile.js';
import { plural } from '../../output/plural.js';
import { forgetFormSchema } from '../../cmdutil/localFiles.js';

// forms pull | diff | apply: forms kept as files, applied to any profile. A manifest beside the files
// (.formctl/forms.json) maps each file to its form per profile, with the field keys of that profile.

interface ManifestEntry {
  qrId: string;
  /** file field key → this profile's field key */
  keys: Record<string, string>;
  /** file field key → hash of the quizConfig last sent (the service never shows correct answers) */
  answers?: Record<string, string>;
  /** the locale last sent: GET /forms/{qrId} does not return it (spec §2.3), so it is compared with this */
  locale?: string;
}

interface Manifest {
  version: 1;
  profiles: Record<string, Record<string, ManifestEntry>>;
}

const manifestPath = (file: string) => join(dirname(resolve(file)), '.formctl', 'forms.json');

function readManifest(file: string): Manifest {
  const path = manifestPath(file);
  if (!existsSync(path)) return { version: 1, profiles: {} };
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
    if (m.version === 1 && m.profiles && typeof m.profiles === 'object') return m;
  } catch { /* below */ }
  throw new UsageError(`${path}: not a formctl manifest (delete it to start over)`);
}

function writeManifest(file: string, m: Manifest): void {
  const path = manifestPath(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(m, null, 2)}\n`);
}

/** The profile a manifest entry belongs to: its name and the API it points at. */
function profileKey(deps: Deps): string {
  const t = deps.target();
  return `${t.profileName}@${t.sandbox ? `sandbox:${sandboxDataDir(deps.io.env)}` : (t.baseUrl ?? '')}`;
}

const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 16);

async function writeDefinition(path: string, def: Definition): Promise<void> {
  if (/\.ya?ml$/i.test(path)) {
    const { stringify } = await import('yaml');
    writeFileAtomic(path, stringify(def));
  } else writeFileAtomic(path, `${JSON.stringify(def, null, 2)}\n`);
}

async function printDefinition(deps: Deps, def: Definition, yaml: boolean): Promise<void> {
  if (yaml) {
    const { stringify } = await import('yaml');
    deps.io.stdout.write(stringify(def));
  } else deps.io.stdout.write(`${JSON.stringify(def, null, 2)}\n`);
}

function identityKeys(form: Form): Record<string, string> {
  return Object.fromEntries(form.fields.map((f) => [f.key, f.key]));
}

// ── pull ─────────────────────────────────────────────────────────────────────

export async function pull(deps: Deps, [qrId]: unknown[], opts: { out?: string; all?: string; force?: boolean; output?: string }): Promise<void> {
  if (opts.all !== undefined) return pullAll(deps, opts.all, opts.force === true);
  if (qrId === undefined) throw new UsageError('give a QRID, or --all DIR for every form');
  const id = requireQrId(qrId);
  if (opts.out !== undefined && opts.out !== '-') checkOutputPath('--out', opts.out, { force: opts.force === true, stdout: true });
  const form = await getForm(await deps.client(), id);
  const def = definitionOf(form as RemoteForm);
  if (opts.out === undefined || opts.out === '-') return printDefinition(deps, def, opts.output === 'yaml');
  await writeDefinition(opts.out, def);
  const m = readManifest(opts.out);
  (m.profiles[profileKey(deps)] ??= {})[basename(opts.out)] = { qrId: id, keys: identityKeys(form) };
  writeManifest(opts.out, m);
  deps.info(`Wrote ${opts.out} (form ${id}, ${def.fields.length} ${def.fields.length === 1 ? 'field' : 'fields'}).`);
}

async function pullAll(deps: Deps, dir: string, force: boolean): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const client = await deps.client();
  const probe = join(dir, '.probe');
  const m = readManifest(probe);
  const mine = (m.profiles[profileKey(deps)] ??= {});
  const byQrId = new Map(Object.entries(mine).map(([file, e]) => [e.qrId, file]));
  const used = new Set(Object.keys(mine));
  let n = 0;
  for await (const item of paginate((p) => listForms(client, { page: p, limit: FORMS_PAGE_MAX }), (f) => f.qrId)) {
    const form = await getForm(client, item.qrId);
    let file = byQrId.get(form.qrId);
    if (!file) {
      file = `${fileSlug(form.title)}.json`;
      if (used.has(file) || (existsSync(join(dir, file)) && !force)) file = `${fileSlug(form.title)}-${form.qrId.toLowerCase()}.json`;
    }
    used.add(file);
    await writeDefinition(join(dir, file), definitionOf(form as RemoteForm));
    mine[file] = { qrId: form.qrId, keys: identityKeys(form) };
    n++;
  }
  writeManifest(probe, m);
  deps.info(`Wrote ${n} form${n === 1 ? '' : 's'} to ${dir} and the manifest ${join(dir, '.formctl', 'forms.json')}.`);
}

// ── reading and checking files ───────────────────────────────────────────────

interface Loaded {
  file: string;
  def: Definition;
}

/** A definition file, checked locally with the service's rules (exit 2 naming the file and property). */
async function load(deps: Deps, file: string): Promise<Loaded> {
  const raw = await readJsonInput(deps.io, file, file);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${file}: a form definition must be an object`);
  const def = raw as Definition;
  if (!Array.isArray(def.fields)) throw new UsageError(`${file}: fields: expected a list of fields`);
  const { fields, ...rest } = def;
  const asCreate = { ...rest, fields: fields.map(({ key: _k, ...f }) => f) };
  const check = checkFormCreate(asCreate);
  if (!check.ok) throw new UsageError(`${file}: not a valid form:\n${check.problems.map((p) => `  - ${p}`).join('\n')}`);
  return { file, def };
}

function entryFor(deps: Deps, file: string): ManifestEntry | undefined {
  return readManifest(file).profiles[profileKey(deps)]?.[basename(file)];
}

function showChange(c: Change): string {
  switch (c.kind) {
    case 'added': return `  + ${c.path}: ${String(c.to)}`;
    case 'removed': return `  - ${c.path}: ${String(c.from)}`;
    case 'kept': return `  = ${c.path}: ${String(c.from)} (${c.note})`;
    case 'moved': return `  ~ ${c.path}: ${c.note}`;
    default: return `  ~ ${c.path}${c.note ? ` ${c.note}` : ''}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`;
  }
}

async function compareWith(client: ApiClient, l: Loaded, qrId: string, entry: ManifestEntry | undefined, prune: boolean) {
  const form = await getForm(client, qrId);
  const answersKnown = (fileKey: string | undefined, quiz: Record<string, unknown>) => fileKey !== undefined && entry?.answers?.[fileKey] === hash(quiz);
  // a locale the service does not show is the one last sent from here, when one was
  const remote = (form.locale === undefined && entry?.locale !== undefined ? { ...form, locale: entry.locale } : form) as RemoteForm;
  return { form, result: compare(l.def, remote, entry?.keys ?? {}, { prune, answersKnown }) };
}

// ── diff ─────────────────────────────────────────────────────────────────────

/** Exit 0 when the file and the form are the same, 1 when they differ (like diff). */
export async function diff(deps: Deps, [file, qrId]: unknown[], opts: { output?: string; json?: boolean }): Promise<void> {
  const l = await load(deps, String(file));
  const entry = entryFor(deps, l.file);
  const id = qrId !== undefined ? requireQrId(qrId) : entry?.qrId;
  const json = opts.json === true || opts.output === 'json';
  if (!id) {
    if (json) deps.io.stdout.write(`${JSON.stringify({ file: l.file, qrId: null, equal: false, create: true, changes: [] }, null, 2)}\n`);
    else deps.io.stdout.write(`${l.file}: no form on this profile yet: apply would create it (${plural(l.def.fields.length, 'field')})\n`);
    throw new ExitWith(1, `${l.file}: differs (not on this profile yet)`);
  }
  const { result } = await compareWith(await deps.client(), l, id, qrId !== undefined && entry?.qrId !== id ? undefined : entry, false);
  const equal = result.changes.length === 0;
  if (json) deps.io.stdout.write(`${JSON.stringify({ file: l.file, qrId: id, equal, changes: result.changes }, null, 2)}\n`);
  else deps.io.stdout.write(equal ? `${l.file} = ${id}: no differences\n` : `${l.file} → ${id}: ${result.changes.length} difference${result.changes.length === 1 ? '' : 's'}\n${result.changes.map(showChange).join('\n')}\n`);
  if (!equal) throw new ExitWith(1, `${l.file}: differs from ${id}`);
}

// ── apply ────────────────────────────────────────────────────────────────────

/** The keys of this profile for the file's fields, read back from the form the write returned. */
function keysAfter(def: Definition, form: Form): Record<string, string> {
  const keys: Record<string, string> = {};
  def.fields.forEach((f, i) => {
    if (f.key && form.fields[i]) keys[f.key] = form.fields[i]!.key;
  });
  return keys;
}

function answersOf(def: Definition, previous: Record<string, string> = {}): Record<string, string> {
  const out = { ...previous };
  for (const f of def.fields) if (f.key && f.quizConfig?.correctAnswers !== undefined) out[f.key] = hash(f.quizConfig);
  return out;
}

/** the locale the service has once a write sent the file's (or the one remembered before, when the file gives none) */
function localeOf(def: Definition, previous?: string): { locale?: string } {
  const locale = def.locale ?? previous;
  return locale === undefined ? {} : { locale };
}

export async function apply(deps: Deps, files: unknown[], opts: { dryRun?: boolean; pruneFields?: boolean }): Promise<void> {
  const list = (files[0] as string[] | undefined) ?? [];
  if (!list.length) throw new UsageError('give one or more definition files');
  // every file is checked before the first request
  const loaded: Loaded[] = [];
  for (const f of list) loaded.push(await load(deps, f));
  const client = await deps.client();
  const plan: string[] = [];
  let writes = 0;
  for (const l of loaded) {
    const m = readManifest(l.file);
    const mine = (m.profiles[profileKey(deps)] ??= {});
    const entry = mine[basename(l.file)];
    if (!entry) {
      plan.push(`create  ${l.file} (${plural(l.def.fields.length, 'field')})`);
      if (opts.dryRun) continue;
      const { fields, ...rest } = l.def;
      const check = checkFormCreate({ ...rest, fields: fields.map(({ key: _k, ...f }) => f) });
      if (!check.ok) throw new UsageError(`${l.file}: ${check.problems.join('; ')}`);
      const form = await createForm(client, check.value);
      writes++;
      mine[basename(l.file)] = { qrId: form.qrId, keys: keysAfter(l.def, form), answers: answersOf(l.def), ...localeOf(l.def) };
      writeManifest(l.file, m);
      plan[plan.length - 1] = `created ${l.file} → ${form.qrId}`;
      continue;
    }
    const { result } = await compareWith(client, l, entry.qrId, entry, opts.pruneFields === true);
    const writing = Object.keys(result.patch);
    if (!writing.length) {
      const kept = result.changes.filter((c) => c.kind === 'kept').length;
      plan.push(`same    ${l.file} = ${entry.qrId}${kept ? ` (${kept} field${kept === 1 ? '' : 's'} only on the service, kept)` : ''}`);
      continue;
    }
    plan.push(`update  ${l.file} → ${entry.qrId}: ${writing.join(', ')}\n${result.changes.map(showChange).join('\n')}`);
    if (opts.dryRun) continue;
    const check = checkFormUpdate(result.patch);
    if (!check.ok) throw new UsageError(`${l.file}: ${check.problems.join('; ')}`);
    const form = await updateForm(client, entry.qrId, check.value);
    forgetFormSchema(deps, entry.qrId);
    writes++;
    mine[basename(l.file)] = { qrId: entry.qrId, keys: { ...entry.keys, ...keysAfter(l.def, form) }, answers: answersOf(l.def, entry.answers), ...localeOf(l.def, entry.locale) };
    writeManifest(l.file, m);
  }
  deps.io.stdout.write(`${plan.join('\n')}\n`);
  deps.info(opts.dryRun ? '--dry-run: no write request sent.' : `${writes} write request${writes === 1 ? '' : 's'}.`);
}
