import type { DraftBody, GeneratedDraft } from '../../domain/contract/schemas.js';
import type { ApiClient } from '../http.js';

export type { FormDraft } from '../../domain/contract/schemas.js';

/** spec §4.7: a draft from a prompt, or the currentForm changed by the prompt's instructions */
export const generateDraft = (c: ApiClient, prompt: string, currentForm?: DraftBody) =>
  c.data<GeneratedDraft>({ method: 'POST', path: '/form-ai-builder/generate', body: currentForm ? { prompt, currentForm } : { prompt } });
