import type { ApiClient } from '../api/http.js';
import { paginate } from '../api/paginate.js';
import { listSubmissions, SUBMISSIONS_PAGE_MAX, type FormDefinition, type Submission } from '../api/resources/submissions.js';
import { whenFlag } from '../domain/when.js';

/** since/until of a tool, in the one time language of every time flag, sent as ISO 8601 (spec §4.4). */
export function instant(name: string, raw: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (raw === undefined) return undefined;
  return new Date(whenFlag(name, raw, { nowMs: Date.now(), edge })).toISOString();
}

export interface AllSubmissions {
  items: Submission[];
  form: FormDefinition | undefined;
  requests: number;
}

/**
 * Every submission of a form in a time window, through the one page walker (api/paginate.ts) at the largest page size
 * (fewest requests: quota is money). After page 1 the window is pinned to its newest row, so that
 * submissions arriving meanwhile cannot shift the pages; ids are de-duplicated all the same.
 */
export async function allSubmissions(client: ApiClient, qrId: string, q: { since?: string; until?: string }, check?: (form: FormDefinition | undefined) => void): Promise<AllSubmissions> {
  let pinned = q.until;
  let form: FormDefinition | undefined;
  let requests = 0;
  const fetchPage = async (page: number) => {
    requests++;
    const res = await listSubmissions(client, qrId, { page, limit: SUBMISSIONS_PAGE_MAX, since: q.since, until: pinned });
    // what the caller asks of the form is checked on page 1, before the other pages are paid for
    if (page === 1) check?.(res.form);
    form ??= res.form;
    pinned ??= res.items[0]?.createdAt;
    return res;
  };
  const items: Submission[] = [];
  for await (const s of paginate(fetchPage, (x) => x.id)) items.push(s);
  return { items, form, requests };
}
