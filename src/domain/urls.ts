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
