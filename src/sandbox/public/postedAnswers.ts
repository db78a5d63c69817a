import { ADDRESS_PARTS, NAME_PARTS, VALUE_TYPES, isFileField, rowLabels } from '../../domain/answers.js';
import type { FieldDefinition } from '../../domain/form.js';
import type { Posted } from './controls.js';
import type { KeptFiles } from './postedFiles.js';

const nonEmpty = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** The answers a submitted page carries, shaped as spec §2.8 says (empty inputs are left out). */
export function answersFromPost(fields: FieldDefinition[], posted: Posted, files: KeptFiles): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const one = (name: string) => posted.get(name)?.[0];
  for (const f of fields) {
    const vt = VALUE_TYPES[f.type];
    if (vt === null) continue;
    if (vt === 'object') {
      const parts: readonly string[] = f.type === 'name' ? NAME_PARTS : ADDRESS_PARTS;
      const value = Object.fromEntries(parts.map((p) => [p, (one(`${f.key}.${p}`) ?? '').trim()]));
      if (Object.values(value).some(nonEmpty)) answers[f.key] = value;
    } else if (vt === 'string[]') {
      const chosen = (posted.get(f.key) ?? []).filter(nonEmpty);
      if (chosen.length) answers[f.key] = chosen;
    } else if (vt === 'array') {
      const rows = rowLabels(f) ?? [];
      const items = rows.flatMap((itemName, n) => {
        const v = one(`${f.key}.row.${n}`);
        if (!nonEmpty(v)) return [];
        return [f.type === 'checkList' ? { itemName, selectedValue: v } : { itemName, value: v }];
      });
      if (items.length) answers[f.key] = items;
    } else if (isFileField(f)) {
      const ids = (files.get(f.key) ?? []).map((file) => file.fileId);
      if (ids.length) answers[f.key] = vt === 'fileId' ? { fileId: ids[0] } : ids.map((fileId) => ({ fileId }));
    } else {
      const v = one(f.key);
      if (nonEmpty(v)) answers[f.key] = v;
    }
  }
  return answers;
}
