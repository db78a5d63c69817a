// spec §5 / §2.10: plain http is only for loopback hosts (local development and the sandbox).
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** spec §2.10: a webhook URL is at most 2,048 characters, https, or http to a loopback host. */
export function webhookUrlProblem(url: string, maxLength: number): string | undefined {
  if (url.length > maxLength) return `url must be at most ${maxLength} characters (this one has ${url.length})`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `"${url}" is not an absolute URL`;
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))) return undefined;
  return 'url must use https (http only for a loopback host, for local development)';
}

const V4_PRIVATE: Array<[number, number]> = [
  [0x00000000, 8], [0x0a000000, 8], [0x64400000, 10], [0x7f000000, 8], [0xa9fe0000, 16], [0xac100000, 12],
  [0xc0000000, 24], [0xc0a80000, 16], [0xc6120000, 15], [0xe0000000, 3],
];

/**
 * An address no public service lives at: unspecified, loopback, private (RFC 1918, CGNAT,
 * unique-local), link-local (cloud metadata lives there), benchmarking, multicast and reserved;
 * IPv4 mapped into IPv6 is read as IPv4. `ip` is a literal as the URL parser or DNS gives it.
 */
export function isNonPublicAddress(ip: string): boolean {
  const h = ip.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h)?.[1];
  const v4 = mapped ?? (/^\d{1,3}(\.\d{1,3}){3}$/.test(h) ? h : undefined);
  if (v4) {
    const n = v4.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    return V4_PRIVATE.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  }
  if (!h.includes(':')) return false; // a name, not an address
  if (h === '::' || h === '::1') return true;
  const first = parseInt(h.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00 || h.startsWith('::ffff:');
}

/** a percent-encoded text decoded, or the text as it is when it is not valid percent-encoding */
export function decodeOrKeep(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
