import type { ApiClient } from '../http.js';
import { multipartFile } from '../multipart.js';

import type { LogoItem, UploadResult } from '../../domain/contract/schemas.js';

export type { LogoItem, UploadResult };

type Progress = (sent: number, total: number) => void;

/** spec §4.2: one file per request; not retried after a 5xx (a retry could store it twice). */
export const uploadFormFile = (c: ApiClient, qrId: string, path: string, category: 'form' | 'submission', mime?: string, onProgress?: Progress) =>
  c.data<UploadResult>({ method: 'POST', path: `/forms/${qrId}/uploads`, stream: multipartFile(path, { category }, 'userFile', mime, onProgress) });

export const uploadLogo = (c: ApiClient, path: string, mime?: string, onProgress?: Progress) =>
  c.data<UploadResult>({ method: 'POST', path: '/account/uploads', stream: multipartFile(path, { category: 'logo' }, 'userFile', mime, onProgress) });

export const listLogos = (c: ApiClient) => c.data<LogoItem[]>({ method: 'GET', path: '/account/uploads' });

export const deleteFormFile = (c: ApiClient, qrId: string, fileId: string) =>
  c.data<Record<string, unknown>>({ method: 'DELETE', path: `/forms/${qrId}/uploads/${encodeURIComponent(fileId)}` });
