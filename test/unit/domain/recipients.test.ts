import { describe, expect, it } from 'vitest';
import { parseRecipients } from '../../../src/domain/recipients.js';

describe('spec §4.1/§8: recipients, at most 5 comma-separated addresses', () => {
  it('splits and trims', () => expect(parseRecipients(' a@x.com, b@y.org ')).toEqual({ ok: true, addresses: ['a@x.com', 'b@y.org'] }));
  it('refuses six', () => {
    const r = parseRecipients('a@x.co,b@x.co,c@x.co,d@x.co,e@x.co,f@x.co');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toMatch(/at most 5/);
  });
  it('names the malformed address', () => {
    const r = parseRecipients('a@x.com,nope');
    if (r.ok) throw new Error('expected failure');
    expect(r.message).toContain('nope');
  });
  it('refuses an empty list', () => expect(parseRecipients(' , ').ok).toBe(false));
});
