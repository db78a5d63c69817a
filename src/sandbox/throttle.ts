/** A sliding-window request limit per key (spec §8: 200 submission uploads per 5 minutes per client IP and qrId). */
export class Throttle {
  private readonly hits = new Map<string, number[]>();
  /** the next time keys with no hit left in the window are forgotten (one key per client address) */
  private sweepAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts a hit at `now`; when over the limit, counts nothing and returns the seconds to wait. */
  hit(key: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (now >= this.sweepAt) {
      for (const [k, times] of this.hits) if (times[times.length - 1]! <= now - this.windowMs) this.hits.delete(k);
      this.sweepAt = now + this.windowMs;
    }
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }
}
