// How deep a JSON text nests, read without parsing: what reads JSON by recursion (validation, the
// idempotency hash, JSON.stringify of an answer) is kept from texts thousands of levels deep.

/** How deep a JSON text's arrays and objects nest, counted to `limit` + 1 at most (strings skipped). */
export function jsonDepth(raw: Uint8Array, limit: number): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x22) {
      // a string: to its closing quote, past escaped characters
      for (i++; i < raw.length && raw[i] !== 0x22; i++) if (raw[i] === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}
