import { describe, expect, it } from 'vitest';
import { isNonPublicAddress } from '../../../src/domain/urls.js';
import { publicLookup } from '../../../src/sandbox/dispatcher.js';

describe('addresses a sandbox served beyond loopback never delivers to', () => {
  // as the URL parser spells them: 0x7f000001 and 127.1 are 127.0.0.1 by the time they are checked
  const host = (url: string) => new URL(url).hostname;
  it.each([
    host('http://0x7f000001/'), host('http://127.1/'), host('https://169.254.169.254/latest/meta-data'), '10.1.2.3', '172.16.0.1', '172.31.255.255',
    '192.168.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '[::1]', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
  ])('%s is not public', (ip) => expect(isNonPublicAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700::1111', 'example.com'])('%s is public (or a name)', (ip) => expect(isNonPublicAddress(ip)).toBe(false));

  it('resolves a name and refuses it when it points at loopback (checked where the connection is made)', async () => {
    const err = await new Promise<Error | null>((resolve) => publicLookup('localhost', {}, (e) => resolve(e)));
    expect(err?.message).toMatch(/not a public address/);
  });
});
