import type { FormCreateBody, FormUpdateBody } from '../../domain/form.js';
import type { ApiClient } from '../http.js';
import type { Page } from '../paginate.js';

import type { CloneEntry, Form, FormListItem } from '../../domain/contract/schemas.js';

export type { CloneEntry, Form, FormListItem };

/** spec §4.1: sort 1 newest first, 2 by name, 3 by scan count */
export const FORM_SORTS = { newest: 1, name: 2, scans: 3 } as const;
export type FormSort = keyof typeof FORM_SORTS;


export const listForms = (c: ApiClient, q: { page?: number; limit?: number; sort?: number }) =>
  c.data<Page<FormListItem>>({ method: 'GET', path: '/forms', query: q });

export const createForm = (c: ApiClient, body: FormCreateBody) => c.data<Form>({ method: 'POST', path: '/forms', body });

export const getForm = (c: ApiClient, qrId: string) => c.data<Form>({ method: 'GET', path: `/forms/${qrId}` });

export const updateForm = (c: ApiClient, qrId: string, body: FormUpdateBody) => c.data<Form>({ method: 'PUT', path: `/forms/${qrId}`, body });

export const archiveForm = (c: ApiClient, qrId: string) => c.data<{ result: string }>({ method: 'PUT', path: `/forms/${qrId}/archive` });

export const restoreForm = (c: ApiClient, qrId: string) => c.data<{ result: string }>({ method: 'PUT', path: `/forms/${qrId}/restore` });

export const deleteForm = (c: ApiClient, qrId: string) => c.data<{ result: string }>({ method: 'DELETE', path: `/forms/${qrId}` });

/** spec §4.1: ids repeated once per form */
export const deleteForms = (c: ApiClient, qrIds: string[]) => c.data<{ message: string }>({ method: 'DELETE', path: '/forms', query: { ids: qrIds } });

export const cloneForm = (c: ApiClient, qrId: string, count: number) =>
  c.data<{ cloneData: CloneEntry[] }>({ method: 'POST', path: `/forms/${qrId}/clone`, body: { count } });

/** spec §4.1: recipients is one comma-separated string */
export const shareForm = (c: ApiClient, qrId: string, recipients: string[]) =>
  c.data<Record<string, never>>({ method: 'POST', path: `/forms/${qrId}/share`, body: { recipients: recipients.join(',') } });

export const downloadQr = (c: ApiClient, qrId: string, q: { format: string; resolution?: number }) =>
  c.stream({ method: 'GET', path: `/forms/${qrId}/download`, query: q });
