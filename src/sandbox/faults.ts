// Faults for resilience tests (in the style of Prism's `Prefer` header): a request is answered with
// 500/503, 429 + Retry-After, extra latency, or a dropped connection — before it reaches the API,
// so an injected fault costs no quota and changes no state, except `drop-after`, which processes
// the request and then drops the connection (a lost response).
//
// Two layers: one random profile for the whole sandbox (`rate=0.2,kinds=…`), and scoped rules that
// take precedence, each limited to a route pattern, a key and/or a count ("the next 2 requests to
// POST /forms/*/submissions answer 503"), so that tests need not share one global profile.
// ai-invalid and ai-failure act on the AI builder only, after its request was found valid (spec §4.7:
// 400 for an invalid AI response, 500 for an AI failure)
import { seededRandom } from '../domain/random.js';
export const FAULT_KINDS = ['500', '503', '429', 'drop', 'drop-after', 'latency', 'ai-invalid', 'ai-failure'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultProfile {
  rate: number;
  kinds: FaultKind[];
  latencyMs: number;
  retryAfterSeconds: number;
  seed: number;
}

/** A profile limited to requests matching `route` (`METHOD /path/*`) and `key`, for `count` of them. */
export interface FaultRule extends FaultProfile {
  id: number;
  route?: string;
  key?: string;
  /** matching requests still to fault; undefined: no limit */
  remaining?: number;
}

export const NO_FAULTS: FaultProfile = { rate: 0, kinds: [], latencyMs: 0, retryAfterSeconds: 1, seed: 1 };

interface ParsedSpec {
  profile: FaultProfile;
  route?: string;
  key?: string;
  count?: number;
}

function parseSpec(spec: string, scoped: boolean): ParsedSpec {
  const profile: FaultProfile = { rate: scoped ? 1 : 0, kinds: ['500', '503', '429', 'drop'], latencyMs: 300, retryAfterSeconds: 1, seed: 1 };
  const out: ParsedSpec = { profile };
  const trimmed = spec.trim();
  if (!scoped && (trimmed === '' || trimmed === 'off' || trimmed === 'none')) return { profile: { ...NO_FAULTS } };
  for (const part of trimmed.split(',')) {
    const [k, v = ''] = part.split('=', 2).map((s) => s.trim()) as [string, string?];
    if (v === '' && /^[0-9.]+$/.test(k)) profile.rate = Number(k);
    else if (k === 'rate') profile.rate = Number(v);
    else if (k === 'kinds') {
      const kinds = v.split(/[+|/]/).filter(Boolean);
      for (const kind of kinds) {
        if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`faults: unknown kind "${kind}" (kinds: ${FAULT_KINDS.join(', ')})`);
      }
      profile.kinds = kinds as FaultKind[];
    } else if (k === 'latency') profile.latencyMs = Number(v);
    else if (k === 'retry-after') profile.retryAfterSeconds = Number(v);
    else if (k === 'seed') profile.seed = Number(v);
    else if (scoped && k === 'route') out.route = routePattern(v);
    else if (scoped && k === 'key') out.key = v;
    else if (scoped && k === 'count') {
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error('faults: count must be a positive integer');
      out.count = Number(v);
    } else throw new Error(`faults: unknown setting "${k}" (rate, kinds, latency, retry-after, seed${scoped ? ', route, key, count' : ''})`);
  }
  if (!(profile.rate >= 0 && profile.rate <= 1)) throw new Error('faults: rate must be between 0 and 1');
  if (profile.kinds.length === 0 && profile.rate > 0) throw new Error('faults: kinds must not be empty');
  return out;
}

function routePattern(v: string): string {
  const m = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)$/.exec(v);
  if (!m) throw new Error(`faults: route must be "METHOD /path" with * for one segment, e.g. "POST /forms/*/submissions"; got "${v}"`);
  return `${m[1]} ${m[2]}`;
}

/** Parses `rate=0.2,kinds=500+503+429+drop,latency=200,retry-after=1,seed=7` (or just `0.2`). */
export function parseFaultProfile(spec: string): FaultProfile {
  return parseSpec(spec, false).profile;
}

// Parses a scoped rule: the profile's settings plus `route=POST /forms/*/submissions`, `key=…`, `count=N`.
export function parseFaultRule(spec: string): Omit<FaultRule, 'id'> {
  const { profile, route, key, count } = parseSpec(spec, true);
  return { ...profile, route, key, remaining: count };
}

function matchesRoute(pattern: string, method: string, path: string): boolean {
  const [m, p] = pattern.split(' ', 2) as [string, string];
  if (m !== method) return false;
  const source = p.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${source}$`).test(path);
}

/** mulberry32: a seeded fault run is repeatable */
type Random = () => number;

function draw(profile: FaultProfile, random: Random): FaultKind | null {
  if (profile.rate <= 0 || profile.kinds.length === 0) return null;
  if (random() >= profile.rate) return null;
  return profile.kinds[Math.floor(random() * profile.kinds.length)] ?? null;
}

export interface PickedFault {
  kind: FaultKind;
  profile: FaultProfile;
}

/** One sandbox's faults (per instance: two sandboxes in one process have their own). */
export class FaultInjector {
  private random: Random;
  private rules: Array<FaultRule & { random: Random }> = [];
  private nextId = 1;

  constructor(public profile: FaultProfile) {
    this.random = seededRandom(profile.seed);
  }

  set(profile: FaultProfile): void {
    this.profile = profile;
    this.random = seededRandom(profile.seed);
  }

  addRule(rule: Omit<FaultRule, 'id'>): FaultRule {
    const full = { ...rule, id: this.nextId++, random: seededRandom(rule.seed) };
    this.rules.push(full);
    return publicRule(full);
  }

  clear(): void {
    this.rules = [];
    this.set({ ...NO_FAULTS });
  }

  describe(): FaultProfile & { rules: FaultRule[] } {
    return { ...this.profile, rules: this.rules.map(publicRule) };
  }

  /** The fault for this request, if any: the first matching scoped rule decides, else the profile. */
  pick(request: { method: string; path: string; key?: string } = { method: '', path: '' }): PickedFault | null {
    for (const rule of this.rules) {
      if (rule.route && !matchesRoute(rule.route, request.method, request.path)) continue;
      if (rule.key && rule.key !== request.key) continue;
      const kind = draw(rule, rule.random);
      if (kind && rule.remaining !== undefined && --rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
      return kind ? { kind, profile: rule } : null;
    }
    const kind = draw(this.profile, this.random);
    return kind ? { kind, profile: this.profile } : null;
  }
}

function publicRule(r: FaultRule): FaultRule {
  const { id, rate, kinds, latencyMs, retryAfterSeconds, seed, route, key, remaining } = r;
  return { id, rate, kinds, latencyMs, retryAfterSeconds, seed, route, key: key ? `${key.slice(0, 6)}…` : undefined, remaining };
}
