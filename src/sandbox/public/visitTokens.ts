import { randomBytes } from 'node:crypto';
import type { SandboxInstance } from '../instance.js';
import { discardFile, type KeptFiles } from './postedFiles.js';

// What the form page keeps between two requests of one visitor, under a random token the page
// carries: the files of a submit that came back with errors (so a retry need not choose them again),
// and the response of a submit that succeeded (so the thank-you page it redirects to can show the
// quiz result, reload after reload). Each entry answers only the form and the visitor it was made
// for, expires, and lives in the sandbox process: a restart forgets it.

interface Scoped {
  qrId: string;
  visitor: string;
  expiresMs: number;
}

export interface PendingUploads extends Scoped {
  files: KeptFiles;
}

export interface ThanksEntry extends Scoped {
  response: Record<string, unknown>;
}

/** how long the thank-you page still shows the response */
export const THANKS_TTL_MS = 24 * 60 * 60 * 1000;
/** entries per kind and instance: past it the oldest goes first */
const MAX_ENTRIES = 10_000;
/**
 * what the files waiting for a retry may weigh together, per instance: past it the oldest visits'
 * files go first (each visitor is throttled, spec §8, but many addresses together are not)
 */
export const MAX_PENDING_BYTES = 512 * 1024 * 1024;
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

/** 144 random bits: unguessable, so a token is a capability of the visit that received it */
const newToken = () => randomBytes(18).toString('base64url');

export class ScopedStore<T extends Scoped> {
  private readonly entries = new Map<string, T>();
  private weight = 0;
  /** weigh: what an entry counts against maxWeight (nothing unless given) */
  constructor(
    private readonly onDrop: (entry: T) => void,
    private readonly weigh: (entry: T) => number = () => 0,
    private readonly maxWeight = Infinity,
  ) {}

  private drop(token: string, entry: T, dropped: boolean): void {
    this.entries.delete(token);
    this.weight -= this.weigh(entry);
    if (dropped) this.onDrop(entry);
  }

  /** entries past their time are dropped (with what they hold) */
  sweep(nowMs: number): void {
    for (const [token, entry] of this.entries) if (entry.expiresMs <= nowMs) this.drop(token, entry, true);
  }

  put(entry: T, token: string = newToken()): string {
    const before = this.entries.get(token);
    if (before) this.drop(token, before, false); // re-inserted last: the newest (its files are the entry's own)
    this.entries.set(token, entry);
    this.weight += this.weigh(entry);
    for (const [oldest, dropped] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.weight <= this.maxWeight) break;
      if (oldest === token) break; // the newest alone: kept even when it weighs more than the budget
      this.drop(oldest, dropped, true);
    }
    return token;
  }

  /** the entry, only for the form and the visitor it was made for, and only while it lasts */
  get(token: unknown, qrId: string, visitor: string, nowMs: number): T | undefined {
    if (typeof token !== 'string' || !TOKEN.test(token)) return undefined;
    const entry = this.entries.get(token);
    return entry && entry.qrId === qrId && entry.visitor === visitor && entry.expiresMs > nowMs ? entry : undefined;
  }

  /** forgets an entry whose contents were taken (the files now belong to a submission) */
  forget(token: string): void {
    const entry = this.entries.get(token);
    if (entry) this.drop(token, entry, false);
  }
}

export interface VisitTokens {
  pending: ScopedStore<PendingUploads>;
  thanks: ScopedStore<ThanksEntry>;
}

const byInstance = new WeakMap<SandboxInstance, VisitTokens>();

/** The instance's stores, swept of what has expired by the sandbox's clock. */
export function visitTokens(sb: SandboxInstance): VisitTokens {
  let tokens = byInstance.get(sb);
  if (!tokens) {
    tokens = {
      pending: new ScopedStore<PendingUploads>(
        (entry) => {
          for (const file of [...entry.files.values()].flat()) discardFile(sb, file.fileId);
        },
        (entry) => [...entry.files.values()].flat().reduce((n, f) => n + f.size, 0),
        MAX_PENDING_BYTES,
      ),
      thanks: new ScopedStore<ThanksEntry>(() => {}),
    };
    byInstance.set(sb, tokens);
  }
  const nowMs = sb.now().getTime();
  tokens.pending.sweep(nowMs);
  tokens.thanks.sweep(nowMs);
  return tokens;
}
