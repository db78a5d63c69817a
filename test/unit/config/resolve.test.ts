import { describe, expect, it } from 'vitest';
import { checkBaseUrl, keyringAccount, maskSecret, resolveTarget } from '../../../src/config/resolve.js';

const config = {
  currentProfile: 'prod',
  profiles: {
    prod: { baseUrl: 'https://api.example.com/v1', apiKey: 'fk_prod_aaaa1111', plan: 'business' },
    sb: { sandbox: true },
    kr: { baseUrl: 'https://api.example.com:8443/v1', keyStore: 'keyring' as const, keyAccount: 'kr@api.example.com:8443' },
    old: { baseUrl: 'https://api.example.com/v1', keyStore: 'keyring' as const },
  },
  settings: {},
};

describe('key and profile resolution', () => {
  it('uses the current profile and says where the key came from', () => {
    const t = resolveTarget(config, {}, {});
    expect(t).toMatchObject({ profileName: 'prod', baseUrl: 'https://api.example.com/v1', apiKey: 'fk_prod_aaaa1111', keySource: 'config file', plan: 'business' });
    expect(t.keyAccount).toBeUndefined();
  });
  it('names the keyring account of a key in the keyring, without reading the key', () => {
    expect(resolveTarget(config, { profile: 'kr' }, {})).toMatchObject({ apiKey: undefined, keySource: 'system keyring', keyAccount: 'kr@api.example.com:8443' });
    expect(resolveTarget(config, { profile: 'old' }, {}).keyAccount).toBe('old@api.example.com');
  });
  it('FORMCTL_API_KEY comes before the keyring (which is then never asked)', () => {
    expect(resolveTarget(config, { profile: 'kr' }, { FORMCTL_API_KEY: 'fk_env' })).toMatchObject({ apiKey: 'fk_env', keySource: 'env FORMCTL_API_KEY' });
    expect(resolveTarget(config, { profile: 'kr' }, { FORMCTL_API_KEY: 'fk_env' }).keyAccount).toBeUndefined();
  });
  it('the keyring account is <profile>@<base URL host>', () => {
    expect(keyringAccount('ci', 'https://api.example.com/v1')).toBe('ci@api.example.com');
    expect(keyringAccount('local', 'http://127.0.0.1:4010/v1')).toBe('local@127.0.0.1:4010');
  });
  it('lets FORMCTL_API_KEY override the profile key', () => {
    expect(resolveTarget(config, {}, { FORMCTL_API_KEY: 'fk_env' })).toMatchObject({ apiKey: 'fk_env', keySource: 'env FORMCTL_API_KEY' });
  });
  it('prefers --profile over FORMCTL_PROFILE over the current profile', () => {
    expect(resolveTarget(config, { profile: 'sb' }, { FORMCTL_PROFILE: 'prod' }).profileName).toBe('sb');
    expect(resolveTarget(config, {}, { FORMCTL_PROFILE: 'sb' }).sandbox).toBe(true);
  });
  it('prefers --base-url over FORMCTL_BASE_URL over the profile', () => {
    expect(resolveTarget(config, { baseUrl: 'https://a/v1' }, { FORMCTL_BASE_URL: 'https://b/v1' }).baseUrl).toBe('https://a/v1');
    expect(resolveTarget(config, {}, { FORMCTL_BASE_URL: 'https://b/v1' }).baseUrl).toBe('https://b/v1');
  });
  it('--sandbox wins over everything', () => expect(resolveTarget(config, { sandbox: true }, {})).toMatchObject({ sandbox: true, baseUrl: undefined }));
});

describe('spec §5: HTTPS only', () => {
  it('accepts https', () => expect(checkBaseUrl('https://api.example.com/v1/')).toEqual({ ok: true, url: 'https://api.example.com/v1' }));
  it.each(['http://127.0.0.1:4010/v1', 'http://localhost:4010/v1', 'http://[::1]:4010/v1'])('accepts loopback http %s', (u) => expect(checkBaseUrl(u).ok).toBe(true));
  it('refuses plain http elsewhere', () => expect(checkBaseUrl('http://api.example.com/v1').ok).toBe(false));
  it('refuses garbage', () => expect(checkBaseUrl('api.example.com').ok).toBe(false));
});

describe('masking', () => {
  it('shows the prefix and the last four characters', () => expect(maskSecret('fk_0123456789abcdef9f3a')).toBe('fk_…9f3a'));
  it('hides short keys almost entirely', () => expect(maskSecret('abcdef')).toBe('…ef'));
});

describe('masking webhook secrets with the same rule', () => {
  it('keeps the whole type prefix', () => expect(maskSecret('whsec_00112233445566778899aabb')).toBe('whsec_…aabb'));
  it('falls back to three characters without a short prefix', () => expect(maskSecret('abcdefghijklmnop')).toBe('abc…mnop'));
});
