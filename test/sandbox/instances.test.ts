import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

const FORM = { title: 'Twins', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Note' } }] };

describe('two sandboxes in one process', () => {
  let a: InProcessSandbox;
  let b: InProcessSandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([inProcessSandbox(), inProcessSandbox()]);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
  });

  it('share no faults, clock, events or caches', async () => {
    // faults: a profile on one is not felt by the other
    await a.admin('PUT', '/_sandbox/faults', { spec: 'rate=1,kinds=503' });
    expect((await a.api('GET', '/forms')).status).toBe(503);
    expect((await b.api('GET', '/forms')).status).toBe(200);
    await a.admin('PUT', '/_sandbox/faults', { spec: 'off' });

    // clock
    const before = await b.admin<{ now: string }>('POST', '/_sandbox/clock', { advanceSeconds: 0 });
    await a.admin('POST', '/_sandbox/clock', { advanceSeconds: 86_400 * 10 });
    const after = await b.admin<{ now: string }>('POST', '/_sandbox/clock', { advanceSeconds: 0 });
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);

    // events: a submission on b reaches no webhook of a
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).qrId);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      expect((await a.api('PUT', '/account/webhook', { body: { enabled: true, url } })).status).toBe(200);
      const qa = (await a.api('POST', '/forms', { body: FORM })).body.data.qrId;
      const qb = (await b.api('POST', '/forms', { body: FORM })).body.data.qrId;
      expect((await b.api('POST', `/forms/${qb}/submissions`, { body: { answers: {} } })).status).toBe(200);
      expect((await a.api('POST', `/forms/${qa}/submissions`, { body: { answers: {} } })).status).toBe(200);
      await a.sandbox.close(); // waits for deliveries in flight
      a = await inProcessSandbox(); // a fresh one for afterAll
      expect(received).toEqual([qa]);

      // page caches: pages of one never answer for the other
      await b.admin('POST', '/_sandbox/seed-submissions', { qrId: qb, count: 150 });
      const p2 = await b.api('GET', `/forms/${qb}/submissions?limit=100&page=2`);
      expect(p2.body.data.items).toHaveLength(51);
      const qa2 = (await a.api('POST', '/forms', { body: FORM })).body.data.qrId;
      expect((await a.api('GET', `/forms/${qa2}/submissions?limit=100&page=2`)).body.data.items).toHaveLength(0);
    } finally {
      receiver.close();
    }
  });
});

describe('scoped faults', () => {
  let sb: InProcessSandbox;
  beforeAll(async () => {
    sb = await inProcessSandbox();
  });
  afterAll(() => sb.stop());

  it('faults only the next N requests to one route pattern', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: FORM })).body.data.qrId;
    const rule = await sb.admin<{ id: number; remaining: number }>('POST', '/_sandbox/faults', { spec: 'kinds=503,route=POST /forms/*/submissions,count=2' });
    expect(rule.remaining).toBe(2);
    const create = () => sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: {} } });
    expect((await sb.api('GET', `/forms/${qrId}`)).status).toBe(200); // another route: untouched
    expect((await create()).status).toBe(503);
    expect((await create()).status).toBe(503);
    expect((await create()).status).toBe(200);
    expect((await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults')).rules).toEqual([]);
  });

  it('faults only one key', async () => {
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=500,key=${sb.keys.viewer}` });
    try {
      expect((await sb.api('GET', '/forms', { as: 'viewer' })).status).toBe(500);
      expect((await sb.api('GET', '/forms', { as: 'owner' })).status).toBe(200);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    expect((await sb.api('GET', '/forms', { as: 'viewer' })).status).toBe(200);
  });

  it('refuses a malformed rule with a 400 that says what was expected', async () => {
    const res = await fetch(`${sb.origin}/_sandbox/faults`, { method: 'POST', body: JSON.stringify({ spec: 'route=/forms' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/METHOD \/path/);
  });
});
