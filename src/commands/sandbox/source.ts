import { sandboxDataDir, type Deps } from '../../cmdutil/factory.js';
import { isLoopbackHost } from '../../domain/urls.js';
import { UsageError } from '../../errors.js';
import type { DeliveryRow } from '../../sandbox/repo/deliveries.js';
import type { OutboxRow } from '../../sandbox/repo/outbox.js';
import type { LoggedRequest } from '../../sandbox/repo/requestLog.js';
import { withStore } from './openStore.js';

/** What the inspection commands read, from a data dir or from a served sandbox's /_sandbox routes. */
export interface SandboxSource {
  where: string;
  deliveries(): Promise<DeliveryRow[]>;
  outbox(): Promise<OutboxRow[]>;
  requests(sinceId: number): Promise<LoggedRequest[]>;
}

/**
 * `--data DIR` reads that data dir; a profile or FORMCTL_BASE_URL pointing at a sandbox served on
 * loopback is read through its /_sandbox routes (it may keep its data anywhere); otherwise the
 * embedded sandbox's data dir.
 */
export function sandboxSource(deps: Deps, dataDir: string | undefined): SandboxSource {
  if (dataDir === undefined) {
    const target = deps.target();
    if (!target.sandbox && target.baseUrl) {
      const origin = new URL(target.baseUrl).origin;
      if (isLoopbackHost(new URL(target.baseUrl).hostname)) return served(origin);
    }
  }
  const dir = dataDir ?? sandboxDataDir(deps.io.env);
  return {
    where: dir,
    deliveries: () => withStore(deps, dir, (s) => s.deliveries.all()),
    outbox: () => withStore(deps, dir, (s) => s.outbox.all()),
    requests: (since) => withStore(deps, dir, (s) => s.requests.since(since)),
  };
}

function served(origin: string): SandboxSource {
  const get = async <T>(path: string): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${origin}${path}`);
    } catch {
      throw new UsageError(`no sandbox answers at ${origin}: start one with \`formctl sandbox serve\`, or pass --data DIR`);
    }
    const body = (await res.json().catch(() => undefined)) as { data?: T; message?: string } | undefined;
    if (!res.ok || !body || body.data === undefined) throw new UsageError(`${origin}${path}: ${body?.message ?? `HTTP ${res.status}`} (is it a formctl sandbox?)`);
    return body.data;
  };
  return {
    where: origin,
    deliveries: () => get('/_sandbox/deliveries'),
    outbox: () => get('/_sandbox/outbox'),
    requests: (since) => get(`/_sandbox/requests?since=${since}`),
  };
}
