import { UsageError } from '../../errors.js';
import type { Plan } from '../../domain/plans.js';
// the rows are the sandbox's own (type-only: nothing of the sandbox is loaded by this module)
import type { ScanSeed } from '../../sandbox/admin/seed.js';
import type { DeliveryRow } from '../../sandbox/repo/deliveries.js';
import type { SeededKey } from '../../sandbox/repo/members.js';
import type { OutboxRow } from '../../sandbox/repo/outbox.js';
import type { LoggedRequest } from '../../sandbox/repo/requestLog.js';

/**
 * A sandbox served on loopback (`formctl sandbox serve`), read and changed through its /_sandbox
 * admin routes: not the API (no key, no envelope retries, no quota), so not through ApiClient.
 */
export class SandboxAdmin {
  constructor(readonly origin: string) {}

  deliveries = () => this.call<DeliveryRow[]>('/_sandbox/deliveries');
  outbox = () => this.call<OutboxRow[]>('/_sandbox/outbox');
  requests = (sinceId: number) => this.call<LoggedRequest[]>(`/_sandbox/requests?since=${sinceId}`);
  keys = () => this.call<SeededKey[]>('/_sandbox/keys');

  /** the main account's plan */
  async setPlan(plan: Plan): Promise<void> {
    await this.call('/_sandbox/account', 'PUT', { account: 'main', plan });
  }

  seedScans = (qrId: string, opts: ScanSeed) => this.call<{ scans: number; submissions: number }>('/_sandbox/seed-scans', 'POST', { qrId, ...opts });
  seedSubmissions = (qrId: string, count: number) => this.call<{ created: number }>('/_sandbox/seed-submissions', 'POST', { qrId, count });
  /** the sandbox's clock (moved by POST /_sandbox/clock; a move of 0 reads it) */
  nowMs = async () => Date.parse((await this.call<{ now: string }>('/_sandbox/clock', 'POST', { advanceSeconds: 0 })).now);

  private async call<T>(path: string, method: 'GET' | 'PUT' | 'POST' = 'GET', body?: unknown): Promise<T> {
    const init: RequestInit = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    let res: Response;
    try {
      res = await fetch(`${this.origin}${path}`, init);
    } catch {
      throw new UsageError(`no sandbox answers at ${this.origin}: start one with \`formctl sandbox serve\`, or pass --data DIR`);
    }
    const answer = (await res.json().catch(() => undefined)) as { data?: T; message?: string } | undefined;
    if (!answer) throw new UsageError(`${this.origin}${path}: HTTP ${res.status}, not a formctl sandbox's answer`);
    // the sandbox refused (an unknown form): exit 1, as the same refusal of a data dir
    if (!res.ok || answer.data === undefined) throw new Error(answer.message ?? `HTTP ${res.status}`);
    return answer.data;
  }
}
