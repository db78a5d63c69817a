import { schemaField } from '../../domain/schema.js';
import { ApiFailure } from '../http.js';
import { newHexId, readDoc, type FormDoc } from '../repo/forms.js';
import type { SandboxStore } from '../repo/store.js';

/** Inserts `count` valid example submissions at once (sandbox-only, for benchmarks and demos). */
export function seedSubmissions(store: SandboxStore, qrId: string, count: number, nowMs: number, atMs?: number): number {
  const form = store.forms.find(qrId);
  if (!form) throw new ApiFailure(404, `No form ${qrId}`);
  const doc = readDoc(form);
  const answers: Record<string, unknown> = {};
  for (const f of doc.fields) {
    const s = schemaField(f);
    if (s && s.valueType !== 'fileId' && s.valueType !== 'fileId[]') answers[f.key] = s.example;
  }
  const BATCH = 10_000;
  store.write(() => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        rows.push({ id: newHexId(), qrId, accountId: form.account_id, answers: { ...answers, ...numbered(doc, i) }, createdMs: atMs ?? nowMs - (count - i) * 10 });
      }
      store.submissions.insertMany(rows);
    }
  });
  return count;
}

/** Makes seeded rows differ: the first plain text field gets the row number. */
function numbered(doc: FormDoc, i: number): Record<string, unknown> {
  const f = doc.fields.find((x) => x.type === 'shortText' || x.type === 'longText');
  return f ? { [f.key]: `row ${i + 1}` } : {};
}
