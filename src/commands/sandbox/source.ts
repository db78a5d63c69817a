import { SandboxAdmin } from '../../api/resources/sandboxAdmin.js';
import type { Deps } from '../../cmdutil/factory.js';
import { sandboxDataDir } from '../../config/store.js';
import { isLoopbackHost } from '../../domain/urls.js';
import type { DeliveryRow } from '../../sandbox/repo/deliveries.js';
import type { OutboxRow } from '../../sandbox/repo/outbox.js';
import type { LoggedRequest } from '../../sandbox/repo/requestLog.js';
import type { SeededKey } from '../../sandbox/repo/members.js';
import { MAIN_ACCOUNT } from '../../sandbox/repo/accountIds.js';
import type { Plan } from '../../domain/plans.js';
import type { ScanSeed } from '../../sandbox/admin/seed.js';
import { withStore } from './openStore.js';

/** What the sandbox commands read and change, in a data dir or through a served sandbox's /_sandbox routes. */
export interface SandboxSource {
  where: string;
  deliveries(): Promise<DeliveryRow[]>;
  outbox(): Promise<OutboxRow[]>;
  requests(sinceId: number): Promise<LoggedRequest[]>;
  /** the sandbox's clock, which its log's times are read on (POST /_sandbox/clock moves it) */
  nowMs(): Promise<number>;
  keys(): Promise<SeededKey[]>;
  /** the main account's plan */
  setPlan(plan: Plan): Promise<void>;
  seedScans(qrId: string, opts: ScanSeed): Promise<{ scans: number; submissions: number }>;
  seedSubmissions(qrId: string, count: number): Promise<{ created: number }>;
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
      if (isLoopbackHost(new URL(target.baseUrl).hostname)) return served(new SandboxAdmin(origin));
    }
  }
  const dir = dataDir ?? sandboxDataDir(deps.io.env);
  return {
    where: dir,
    deliveries: () => withStore(deps, dir, (s) => s.deliveries.all()),
    outbox: () => withStore(deps, dir, (s) => s.outbox.all()),
    requests: (since) => withStore(deps, dir, (s) => s.requests.since(since)),
    nowMs: () => withStore(deps, dir, (s) => Date.now() + s.meta.clockOffsetMs()),
    keys: () => withStore(deps, dir, (s) => s.members.seededKeys()),
    setPlan: (plan) => withStore(deps, dir, (s) => s.accounts.update(MAIN_ACCOUNT, { plan })),
    seedScans: async (qrId, opts) => {
      const { seedScans } = await (await import('../../sandbox/entry.js')).sandboxSeeding();
      return withStore(deps, dir, (s) => seedScans(s, qrId, opts, Date.now() + s.meta.clockOffsetMs()));
    },
    seedSubmissions: async (qrId, count) => {
      const { seedSubmissions } = await (await import('../../sandbox/entry.js')).sandboxSeeding();
      return withStore(deps, dir, (s) => ({ created: seedSubmissions(s, qrId, count, Date.now() + s.meta.clockOffsetMs()) }));
    },
  };
}

/** A served sandbox, through its admin routes (api/resources/sandboxAdmin.ts). */
function served(admin: SandboxAdmin): SandboxSource {
  return {
    where: admin.origin,
    deliveries: admin.deliveries,
    outbox: admin.outbox,
    requests: admin.requests,
    nowMs: admin.nowMs,
    keys: admin.keys,
    setPlan: (plan) => admin.setPlan(plan),
    seedScans: admin.seedScans,
    seedSubmissions: admin.seedSubmissions,
  };
}
