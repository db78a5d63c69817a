import { fieldLabel, type AnswerField, type FieldErrorCode } from '../../domain/answers.js';
import type { PageWords } from './locale.js';

// The errors a page shows: the shared validation's (spec §7 fieldErrors, whose English messages stay
// the API's) and the page's own (a file refused on arrival, a submit the service would not record),
// each told in the page's words by its code or kind, never by its message.

export type PageErrorKind = 'file_too_large' | 'file_refused' | 'quota' | 'not_recorded' | 'quiz_restart';

export interface PageError {
  code?: FieldErrorCode;
  kind?: PageErrorKind;
  /** the file a file error is about, as the visitor named it */
  file?: string;
}

/** keyed by field key, or `_form` for what concerns the whole submit */
export type PageErrors = Record<string, PageError>;

const BY_TYPE: Record<string, 'number' | 'date' | 'time'> = { number: 'number', calendar: 'date', time: 'time' };

export function errorText(words: PageWords, error: PageError, field: AnswerField | undefined): string {
  const e = words.errors;
  switch (error.kind) {
    case 'file_too_large':
      return e.fileTooLarge(error.file ?? '');
    case 'file_refused':
      return e.fileRefused(error.file ?? '');
    case 'quota':
      return e.quota;
    case 'not_recorded':
      return e.notRecorded;
    case 'quiz_restart':
      return e.quizRestart;
  }
  switch (error.code) {
    case 'missing_entry':
    case 'required':
      return e.required(field ? fieldLabel(field) : '');
    case 'invalid_email':
      return e.email;
    case 'component_mismatch':
      return e[BY_TYPE[field?.type ?? ''] ?? 'check'];
    case 'invalid_option':
      return e.option;
    case 'missing_file_ref':
    case 'file_not_found':
      return e.fileMissing;
    case 'invalid_body':
      return e.notRecorded;
    default:
      return e.check;
  }
}
