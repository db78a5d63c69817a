import type { IncomingMessage } from 'node:http';
import { isFileField, rowLabels } from '../../domain/answers.js';
import type { FieldDefinition } from '../../domain/form.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { readMultipart, type MultipartBody, type MultipartLimits } from '../routes/multipart.js';

export type FormPost = MultipartBody;

/** Files one file input may carry in a page submit, and keep for a retry. */
export const FILES_PER_INPUT = 5;
/** bytes of one typed value (a longText answer included) */
const FIELD_BYTES = 20_000;

/** How many inputs a field renders (the parts of a name or address, a row each, the choices). */
function inputsOf(f: FieldDefinition): number {
  const rows = rowLabels(f)?.length ?? 0;
  const options = Array.isArray(f.option.options) ? f.option.options.length : 0;
  return 5 + rows + options;
}

/**
 * The limits of one page submit, from the form itself: as many text parts and files as its inputs
 * can send, each file under the upload limit (spec §8, 20 MB), and a cap on the whole body, so that
 * a post is bounded by what the form could carry, never by what a visitor chooses to send.
 */
export function formPostLimits(fields: FieldDefinition[]): MultipartLimits {
  const fileInputs = fields.filter(isFileField).length;
  const files = fileInputs * FILES_PER_INPUT;
  // and the page's own inputs: its hidden ones, and a `_keep` box per file kept for a retry
  const texts = fields.reduce((n, f) => n + inputsOf(f), 4) + files;
  return { files, fields: texts, fieldSize: FIELD_BYTES, totalBytes: Math.min(files, 5) * MAX_UPLOAD_BYTES + texts * FIELD_BYTES };
}

/** Reads a submitted page (multipart/form-data, or urlencoded when there is no file input). */
export function receiveFormPost(req: IncomingMessage, filesDir: string, fields: FieldDefinition[]): Promise<FormPost> {
  return readMultipart(req, filesDir, formPostLimits(fields));
}
