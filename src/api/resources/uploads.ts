import type { ApiClient } from '../http.js';
import { multipartFile } from '../multipart.js';

export interface UploadResult {
  fileUrl: string;
  fileId: string;
}

/** spec §4.2: one file per request; not retried after a 5xx (a retry could store it twice). */
export const uploadFormFile = (c: ApiClient, qrId: string, path: string, category: 'form' | 'submission', mime?: string) =>
  c.data<UploadResult>({ method: 'POST', path: `/forms/${qrId}/uploads`, stream: multipartFile(path, { category }, 'userFile', mime) });
