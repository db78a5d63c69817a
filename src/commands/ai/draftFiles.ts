import { editorCommand, runEditor } from '../../cmdutil/editor.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormDraft } from '../../api/resources/ai.js';
import type { Deps } from '../../cmdutil/factory.js';
import { parseJsonText, parseYamlText, readInputBytes } from '../../cmdutil/input.js';
import { checkOutputPath } from '../../cmdutil/outputPath.js';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../io/atomicFile.js';

// A draft in a file: read by --from (JSON or YAML), written by "save", edited in $VISUAL/$EDITOR.

export type Draft = FormDraft & { locale?: string };

/** The draft shape (spec §4.7 currentForm): title, shortText, fields [{type, option}]; else a usage error naming the file. */
export function asDraft(value: unknown, where: string): Draft {
  const d = value as Draft;
  if (!d || typeof d !== 'object' || typeof d.title !== 'string' || typeof d.shortText !== 'string' || !Array.isArray(d.fields)) {
    throw new UsageError(`${where}: not a draft; expected {title, shortText, locale?, fields: [{type, option}]} (as formctl ai draft prints it)`);
  }
  d.fields.forEach((f, i) => {
    if (!f || typeof f.type !== 'string' || typeof f.option !== 'object' || f.option === null) throw new UsageError(`${where}: fields[${i}] must be {type, option}`);
  });
  return d;
}

export async function readDraftFile(deps: Deps, path: string): Promise<Draft> {
  const text = (await readInputBytes(deps.io, path, '--from')).toString('utf8');
  const parsed = /\.ya?ml$/i.test(path) ? await parseYamlText(text, path) : parseJsonText(text, path);
  return asDraft(parsed, path);
}

export function saveDraftFile(path: string, draft: Draft): void {
  checkOutputPath('save', path);
  writeFileAtomic(path, `${JSON.stringify(draft, null, 2)}\n`);
}

/** The draft in the editor; the edited draft, or undefined when the file was left as it was. */
export async function editDraft(deps: Deps, draft: Draft): Promise<Draft | undefined> {
  const editor = editorCommand(deps.io.env, 'to edit the draft');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'formctl-draft-'));
  const file = join(dir, 'draft.json');
  let kept = false;
  try {
    const text = `${JSON.stringify(draft, null, 2)}\n`;
    writeFileSync(file, text, { mode: 0o600 });
    const r = await runEditor(editor, file, deps.io.env);
    if (r.status !== 0) throw new UsageError(`the editor (${editor}) exited with ${r.status ?? r.signal}: the draft is unchanged`);
    const edited = readFileSync(file, 'utf8');
    if (edited === text) return undefined;
    try {
      return asDraft(parseJsonText(edited, file), file);
    } catch (e) {
      // what was typed is never thrown away: the file stays, and says how to go on with it
      kept = true;
      throw new UsageError(`${(e as Error).message}\nYour edit is kept in ${file}: go on with  formctl ai draft --from ${file}`);
    }
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}
