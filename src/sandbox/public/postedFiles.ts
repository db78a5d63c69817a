import type { IncomingMessage } from 'node:http';
import { VALUE_TYPES, isFileField } from '../../domain/answers.js';
import { refuseFile, sniffFile } from '../../domain/fileTypes.js';
import type { SandboxInstance } from '../instance.js';
import type { FormDoc, FormRow } from '../repo/forms.js';
import { FILES_PER_INPUT, type FormPost } from './formPost.js';
import type { PageErrors } from './pageErrors.js';

// The files of a page submit: taken under the upload rules, and kept for a retry when the submit
// comes back with errors (see visitTokens.ts).

export interface KeptFile {
  fileId: string;
  /** as the visitor named it (made safe by the multipart reader) */
  name: string;
  /** bytes (what waiting files weigh together is bounded: visitTokens.ts) */
  size: number;
}

/** field key → its files */
export type KeptFiles = Map<string, KeptFile[]>;

/**
 * A page submit's file no submission will reference: its record and its bytes — while it is still
 * waiting ('pending'): one a submission named meanwhile (through the API) is that submission's.
 */
export function discardFile(sb: SandboxInstance, fileId: string): void {
  if (sb.store.files.get(fileId)?.category !== 'pending') return;
  sb.store.files.delete(fileId);
  sb.store.removeFileBytes([fileId]);
}

/**
 * Each chosen file goes through the rules of `POST /forms/{qrId}/uploads` with category=submission
 * (spec §4.2, §8): the size limit, the accepted types and the throttle per client address and form.
 */
export function acceptFiles(sb: SandboxInstance, row: FormRow, doc: FormDoc, post: FormPost, req: IncomingMessage, errors: PageErrors): KeptFiles | { retryAfterSeconds: number } {
  const byKey = new Map(doc.fields.map((f) => [f.key, f]));
  const drop = (fileId: string) => sb.store.removeFileBytes([fileId]);
  for (const file of post.files.filter((f) => !isFileField(byKey.get(f.field)))) drop(file.fileId);
  const files = post.files.filter((f) => isFileField(byKey.get(f.field)));
  // one upload each, counted before any is kept: over the throttle, none is
  for (const _ of files) {
    const hit = sb.uploadThrottle.hit(`${req.socket.remoteAddress ?? ''}|${row.qr_id}`, sb.now().getTime());
    if (!hit.ok) {
      for (const f of files) drop(f.fileId);
      return { retryAfterSeconds: hit.retryAfterSeconds };
    }
  }
  const accepted: KeptFiles = new Map();
  for (const file of files) {
    const field = byKey.get(file.field)!;
    if (file.tooLarge) {
      errors[field.key] = { kind: 'file_too_large', file: file.name };
      continue;
    }
    const sniffed = sniffFile(file.head);
    if (refuseFile('submission', sniffed)) {
      errors[field.key] = { kind: 'file_refused', file: file.name };
      drop(file.fileId);
      continue;
    }
    // 'pending' until a submission names it (commitSubmission): never served, and removed when its
    // retry never comes, even across a restart (sweepPendingFiles)
    sb.store.files.insert({ id: file.fileId, account_id: row.account_id, qr_id: row.qr_id, category: 'pending', name: file.name, mime: sniffed!.mime, size: file.size, created_at: sb.now().toISOString() });
    accepted.set(field.key, [...(accepted.get(field.key) ?? []), { fileId: file.fileId, name: file.name, size: file.size }]);
  }
  return accepted;
}

/**
 * The files a submit carries: those kept from the try before that the visitor left ticked, then the
 * new ones; a one-file field takes a new file (its first) in place of the kept one, a several-file
 * field keeps the newest five. What is unticked, replaced, over that, or of a field the form no longer has is
 * discarded.
 */
export function mergeFiles(sb: SandboxInstance, doc: FormDoc, kept: KeptFiles | undefined, ticked: string[], accepted: KeptFiles): KeptFiles {
  const byKey = new Map(doc.fields.map((f) => [f.key, f]));
  const merged: KeptFiles = new Map();
  for (const [key, files] of kept ?? []) {
    const field = byKey.get(key);
    const replaced = field !== undefined && VALUE_TYPES[field.type] === 'fileId' && accepted.has(key);
    for (const file of files) {
      if (isFileField(field) && !replaced && ticked.includes(file.fileId)) merged.set(key, [...(merged.get(key) ?? []), file]);
      else discardFile(sb, file.fileId);
    }
  }
  for (const [key, files] of accepted) {
    // a one-file field takes its first new file, the one its answer names (postedAnswers.ts), and
    // no more: a crafted post that sends it several would leave the others waiting unclaimed
    if (VALUE_TYPES[byKey.get(key)!.type] === 'fileId') {
      for (const extra of files.slice(1)) discardFile(sb, extra.fileId);
      merged.set(key, files.slice(0, 1));
      continue;
    }
    // at most what one input may carry: the oldest kept files give way to the new
    const all = [...(merged.get(key) ?? []), ...files];
    for (const dropped of all.splice(0, Math.max(0, all.length - FILES_PER_INPUT))) discardFile(sb, dropped.fileId);
    merged.set(key, all);
  }
  return merged;
}
