import type { FormDraft, RawTemplateForm, Template, TemplateCategory, TemplateListItem } from '../../domain/contract/schemas.js';
import type { ApiClient } from '../http.js';

/** spec §2.10: a template record is not shown beyond these and the raw form */
export type { FormDraft, Template as TemplateRecord, TemplateCategory, TemplateListItem };

const t = (id: string) => `/form-templates/${encodeURIComponent(id)}`;

export const listCategories = (c: ApiClient, items = false) => c.data<TemplateCategory[]>({ method: 'GET', path: '/form-templates/categories', query: { items: items ? 1 : undefined } });
export const listTemplates = (c: ApiClient, categoryId: string, limit?: number) => c.data<TemplateListItem[]>({ method: 'GET', path: '/form-templates', query: { categoryId, limit } });
export const getTemplate = (c: ApiClient, id: string) => c.data<Template>({ method: 'GET', path: t(id) });
export const templateFormCreate = (c: ApiClient, id: string) => c.data<FormDraft>({ method: 'GET', path: `${t(id)}/form-create` });
export const listFavorites = (c: ApiClient) => c.data<TemplateListItem[]>({ method: 'GET', path: '/form-templates/favorites' });
export const listMine = (c: ApiClient) => c.data<TemplateListItem[]>({ method: 'GET', path: '/form-templates/mine' });
export const addFavorite = (c: ApiClient, id: string) => c.data<{ message?: string }>({ method: 'PUT', path: `${t(id)}/favorite` });
export const removeFavorite = (c: ApiClient, id: string) => c.data<{ message?: string }>({ method: 'DELETE', path: `${t(id)}/favorite` });
export const shareTemplate = (c: ApiClient, id: string, recipients: string[]) => c.data<{ message?: string }>({ method: 'POST', path: `${t(id)}/share`, body: { recipients: recipients.join(',') } });
export const saveTemplate = (c: ApiClient, body: { categoryId: string; title: string; form: RawTemplateForm }) =>
  c.data<{ message?: string; template?: TemplateListItem }>({ method: 'POST', path: '/form-templates', body });
