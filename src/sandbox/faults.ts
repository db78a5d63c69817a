// A fault profile for resilience tests (in the style of Prism's `Prefer` header): a share of API
// requests is answered with 500/503, 429 + Retry-After, extra latency, or a dropped connection —
// before the request reaches the API, so an injected fault costs no quota and changes no state,
// except `drop-after`, which processes the request and then drops the connection (a lost response).
export const FAULT_KINDS = ['500', '503', '429', 'drop', 'drop-after', 'latency'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultProfile {
  rate: number;
  kinds: FaultKind[];
  latencyMs: number;
  retryAfterSeconds: number;
  seed: number;
}

export const NO_FAULTS: FaultProfile = { rate: 0, kinds: [], latencyMs: 0, retryAfterSeconds: 1, seed: 1 };

/** Parses `rate=0.2,kinds=500+503+429+drop,latency=200,retry-after=1,seed=7` (or just `0.2`). */
export function parseFaultProfile(spec: string): FaultProfile {
  const profile: FaultProfile = { rate: 0, kinds: ['500', '503', '429', 'drop'], latencyMs: 300, retryAfterSeconds: 1, seed: 1 };
  const trimmed = spec.trim();
  if (trimmed === '' || trimmed === 'off' || trimmed === 'none') return { ...NO_FAULTS };
  for (const part of trimmed.split(',')) {
    const [k, v = ''] = part.split('=', 2).map((s) => s.trim()) as [string, string?];
    if (v === '' && /^[0-9.]+$/.test(k)) {
      profile.rate = Number(k);
    } else if (k === 'rate') profile.rate = Number(v);
    else if (k === 'kinds') {
      const kinds = v.split(/[+|/]/).filter(Boolean);
      for (const kind of kinds) {
        if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`faults: unknown kind "${kind}" (kinds: ${FAULT_KINDS.join(', ')})`);
      }
      profile.kinds = kinds as FaultKind[];
    } else if (k === 'latency') profile.latencyMs = Number(v);
    else if (k === 'retry-after') profile.retryAfterSeconds = Number(v);
    else if (k === 'seed') profile.seed = Number(v);
    else throw new Error(`faults: unknown setting "${k}" (rate, kinds, latency, retry-after, seed)`);
  }
  if (!(profile.rate >= 0 && profile.rate <= 1)) throw new Error('faults: rate must be between 0 and 1');
  if (profile.kinds.length === 0 && profile.rate > 0) throw new Error('faults: kinds must not be empty');
  return profile;
}

/** Deterministic picker (mulberry32) so a seeded fault run is repeatable. */
export class FaultInjector {
  private state: number;
  constructor(public profile: FaultProfile) {
    this.state = profile.seed >>> 0;
  }

  set(profile: FaultProfile): void {
    this.profile = profile;
    this.state = profile.seed >>> 0;
  }

  private random(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick(): FaultKind | null {
    const { rate, kinds } = this.profile;
    if (rate <= 0 || kinds.length === 0) return null;
    if (this.random() >= rate) return null;
    return kinds[Math.floor(this.random() * kinds.length)] ?? null;
  }
}
