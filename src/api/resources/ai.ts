import type { ApiClient } from '../http.js';
import type { FormDraft } from './templates.js';

export type { FormDraft };

/** spec §4.7: a draft from a prompt, or the currentForm changed by the prompt's instructions */
export const generateDraft = (c: ApiClient, prompt: string, currentForm?: FormDraft & { locale?: string }) =>
  c.data<FormDraft & { locale: string }>({ method: 'POST', path: '/form-ai-builder/generate', body: currentForm ? { prompt, currentForm } : { prompt } });
