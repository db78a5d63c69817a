import { isQrId } from '../domain/ids.js';
import { ApiFailure } from './http.js';
import type { FormRow } from './repo/forms.js';
import type { SandboxStore } from './repo/store.js';

export const FORM_NOT_FOUND = 'Form not found';

/**
 * The one rule for a form named on the form and submission routes (spec §4.4, §3): unknown, of
 * another account, archived or blocked all answer 400, not 404.
 */
export function availableForm(store: SandboxStore, accountId: string, qrId: string): FormRow {
  const row = store.forms.find(qrId, accountId);
  if (!isAvailable(row)) throw new ApiFailure(400, FORM_NOT_FOUND);
  return row;
}

/** spec §4.4: a form of the account that is neither archived nor blocked */
export function isAvailable(row: FormRow | undefined): row is FormRow {
  return row !== undefined && row.blocked !== 1 && row.archived !== 1;
}

/** The form a restore names: it must exist and be archived. */
export function archivedForm(store: SandboxStore, accountId: string, qrId: string): FormRow {
  const row = store.forms.find(qrId, accountId);
  if (!row || row.blocked === 1) throw new ApiFailure(400, FORM_NOT_FOUND);
  if (row.archived === 0) throw new ApiFailure(400, 'Form is not archived');
  return row;
}

/** spec §4.2: on the upload routes an unknown or foreign form is 404; a malformed qrId on DELETE is 400. */
export function uploadForm(store: SandboxStore, accountId: string, qrId: string): FormRow {
  if (!isQrId(qrId)) throw new ApiFailure(400, `Invalid qrId "${qrId}": expected upper-case letters and digits`);
  const row = store.forms.find(qrId, accountId);
  if (!row || row.archived === 1) throw new ApiFailure(404, FORM_NOT_FOUND);
  return row;
}

export const FORM_LOADERS = { available: availableForm, archived: archivedForm, upload: uploadForm } as const;
