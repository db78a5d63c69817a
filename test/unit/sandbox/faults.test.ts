import { describe, expect, it } from 'vitest';
import { FaultInjector, parseFaultProfile } from '../../../src/sandbox/faults.js';

describe('fault profile', () => {
  it('parses a full spec', () => {
    expect(parseFaultProfile('rate=0.2,kinds=500+429+drop,latency=50,retry-after=2,seed=9')).toEqual({ rate: 0.2, kinds: ['500', '429', 'drop'], latencyMs: 50, retryAfterSeconds: 2, seed: 9 });
  });
  it('takes a bare rate', () => expect(parseFaultProfile('0.5').rate).toBe(0.5));
  it('rejects unknown kinds and settings', () => {
    expect(() => parseFaultProfile('kinds=418')).toThrow(/unknown kind/);
    expect(() => parseFaultProfile('speed=1')).toThrow(/unknown setting/);
    expect(() => parseFaultProfile('rate=2')).toThrow(/between 0 and 1/);
  });
  it('injects about `rate` of the time, repeatably for a seed', () => {
    const a = new FaultInjector(parseFaultProfile('rate=0.2,seed=3'));
    const picks = Array.from({ length: 2000 }, () => a.pick());
    const share = picks.filter(Boolean).length / picks.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
    const b = new FaultInjector(parseFaultProfile('rate=0.2,seed=3'));
    expect(Array.from({ length: 2000 }, () => b.pick())).toEqual(picks);
  });
});
