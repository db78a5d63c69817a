import type { ApiClient } from '../http.js';

/** spec §2.10: a QR design preset; its config is copied into a form's qrConfig */
export interface Preset {
  id: string;
  previewUrl: string;
  config: Record<string, unknown>;
}

export const listPresets = (c: ApiClient) => c.data<Preset[]>({ method: 'GET', path: '/qr-design-templates' });
