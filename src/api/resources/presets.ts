import type { Preset } from '../../domain/contract/schemas.js';
import type { ApiClient } from '../http.js';

/** spec §2.10: a QR design preset; its config is copied into a form's qrConfig */
export type { Preset };

export const listPresets = (c: ApiClient) => c.data<Preset[]>({ method: 'GET', path: '/qr-design-templates' });
