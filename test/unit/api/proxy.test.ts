import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { proxyAuthorization, proxyFor } from '../../../src/api/proxy.js';

const api = new URL('https://api.example.com/v1');
const at = (url: string, env: Record<string, string | undefined>) => proxyFor(new URL(url), env)?.shown;

describe('which proxy a request goes through (as curl and Go read the environment)', () => {
  it('takes https_proxy before HTTPS_PROXY, and none when both are empty', () => {
    expect(proxyFor(api, { HTTPS_PROXY: 'http://upper:3128', https_proxy: 'http://lower:3128' })).toMatchObject({ shown: 'http://lower:3128', from: 'https_proxy' });
    expect(proxyFor(api, { HTTPS_PROXY: 'http://upper:3128' })).toMatchObject({ shown: 'http://upper:3128', from: 'HTTPS_PROXY' });
    expect(proxyFor(api, { https_proxy: '  ', HTTPS_PROXY: '' })).toBeUndefined();
    expect(proxyFor(api, {})).toBeUndefined();
  });

  it('reads a value without a scheme as http://, and keeps credentials out of what it shows', () => {
    const p = proxyFor(api, { HTTPS_PROXY: 'ann:p%40ss@proxy.corp:8080' })!;
    expect(p.shown).toBe('http://proxy.corp:8080');
    expect(proxyAuthorization(p)).toBe(`Basic ${Buffer.from('ann:p@ss').toString('base64')}`);
    expect(proxyAuthorization(proxyFor(api, { HTTPS_PROXY: 'http://proxy.corp' })!)).toBeUndefined();
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => proxyFor(api, { HTTPS_PROXY: 'socks5://proxy:1080' })).toThrow(new UsageError('HTTPS_PROXY: only http:// proxies are supported (got socks5://)'));
    expect(() => proxyFor(api, { https_proxy: 'http://[nope' })).toThrow(/^https_proxy: not a URL/);
  });

  it('never proxies loopback or plain http (the sandbox), even with a bad value set', () => {
    const env = { HTTPS_PROXY: 'socks5://unusable', HTTP_PROXY: 'http://proxy:3128' };
    for (const url of ['https://localhost:8443/v1', 'https://127.0.0.1/v1', 'https://127.8.9.10/v1', 'https://[::1]:9/v1', 'https://app.localhost/v1', 'http://127.0.0.1:4010/v1']) {
      expect(proxyFor(new URL(url), env)).toBeUndefined();
    }
  });

  it.each([
    ['*', 'https://api.example.com/v1', true],
    ['example.com', 'https://api.example.com/v1', true],
    ['.example.com', 'https://api.example.com/v1', true],
    ['*.example.com', 'https://api.example.com/v1', true],
    ['example.com', 'https://example.com/v1', true],
    ['.example.com', 'https://example.com/v1', true],
    ['ample.com', 'https://api.example.com/v1', false],
    ['other.org, api.example.com', 'https://api.example.com/v1', true],
    ['other.org api.example.com', 'https://api.example.com/v1', true],
    ['api.example.com:443', 'https://api.example.com/v1', true],
    ['api.example.com:8443', 'https://api.example.com/v1', false],
    ['api.example.com:8443', 'https://api.example.com:8443/v1', true],
    ['10.1.2.3', 'https://10.1.2.3/v1', true],
    ['[2001:db8::1]', 'https://[2001:db8::1]/v1', true],
    ['API.EXAMPLE.COM', 'https://api.example.com/v1', true],
    ['', 'https://api.example.com/v1', false],
  ])('NO_PROXY=%j for %s: direct %s', (noProxy, url, direct) => {
    expect(at(url, { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: noProxy })).toBe(direct ? undefined : 'http://proxy:3128');
    expect(at(url, { HTTPS_PROXY: 'http://proxy:3128', no_proxy: noProxy, NO_PROXY: 'unrelated.org' })).toBe(direct ? undefined : 'http://proxy:3128');
  });
});
