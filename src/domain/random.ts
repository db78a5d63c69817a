/**
 * A small seeded PRNG (mulberry32): the same seed gives the same numbers in [0, 1). For what must be
 * repeatable: seeded scans, fault injection, and the tests' random inputs.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
