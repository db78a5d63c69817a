import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { tempDir, waitFor } from '../helpers/cli.js';

// The delivery-time check of webhook targets (spec §6 deliveries; docs/sandbox.md "Sandbox assumptions"): a
// URL stored while the sandbox was served on loopback, where local targets are fine, is refused at
// delivery once it is served beyond loopback, whether the target is a literal address or a name
// that resolves to one. A name of the test's own resolves to loopback (DNS rebinding, made local).
const REBOUND = 'rebound.example';
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns')>();
  const lookup = ((host: string, options: { all?: boolean }, callback: (...a: unknown[]) => void) => {
    if (host !== REBOUND) return dns.lookup(host, options as never, callback as never);
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  }) as typeof dns.lookup;
  return { ...dns, lookup };
});

// test files share their worker's modules (vitest.config: isolate false): a copy loaded afresh sees the mock
vi.resetModules();
const { startSandbox } = await import('../../src/sandbox/server.js');

/** A listener on loopback that only counts the connections reaching it. */
let listener: Server;
let connections = 0;
let port = 0;
const tmp = tempDir();
beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  tmp.remove();
});

async function call(sb: RunningSandbox, method: string, path: string, body: unknown): Promise<any> {
  const owner = sb.keys.find((k) => k.role === 'owner')!.key;
  const res = await fetch(`${sb.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** The webhook set while served on loopback; then one submission while served on 0.0.0.0: its delivery. */
async function deliveredBeyondLoopback(url: string, name: string) {
  const dataDir = join(tmp.path, name);
  const local = await startSandbox({ dataDir, port: 0 });
  let qrId: string;
  try {
    expect((await call(local, 'PUT', '/account/webhook', { enabled: true, url })).status, url).toBe(200);
    qrId = (await call(local, 'POST', '/forms', { title: 'W', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] })).body.data.qrId;
  } finally {
    await local.close();
  }
  const wide = await startSandbox({ dataDir, port: 0, host: '0.0.0.0' });
  try {
    expect((await call(wide, 'POST', `/forms/${qrId}/submissions`, { answers: {} })).status).toBe(200);
    return await waitFor(() => wide.store.deliveries.all()[0], `the delivery to ${url}`);
  } finally {
    await wide.close();
  }
}

describe('webhook targets checked at delivery, served beyond loopback', () => {
  it.each([
    ['a loopback literal', 'loopback', () => `http://127.0.0.1:${port}/hook`],
    ['an unspecified literal (0.0.0.0 reaches this host)', 'unspecified', () => `https://0.0.0.0:${port}/hook`],
    ['an IPv4-mapped loopback literal', 'mapped', () => `https://[::ffff:127.0.0.1]:${port}/hook`],
  ])('%s stored while on loopback is refused, and nothing connects', async (_name, dir, url) => {
    const before = connections;
    const delivery = await deliveredBeyondLoopback(url(), dir);
    expect(delivery).toMatchObject({ status: null, error: expect.stringMatching(/not a public address/) });
    expect(connections).toBe(before);
  });

  it('a name that resolves to loopback is refused through the lookup, and nothing connects', async () => {
    const before = connections;
    const delivery = await deliveredBeyondLoopback(`https://${REBOUND}:${port}/hook`, 'rebound');
    expect(delivery).toMatchObject({ status: null, error: expect.stringMatching(/not a public address/) });
    expect(connections).toBe(before);
  });

  it('on loopback the same targets are delivered to (the listener sees the connection)', async () => {
    const dataDir = join(tmp.path, 'plain');
    const local = await startSandbox({ dataDir, port: 0 });
    try {
      await call(local, 'PUT', '/account/webhook', { enabled: true, url: `http://127.0.0.1:${port}/hook` });
      const qrId = (await call(local, 'POST', '/forms', { title: 'W', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] })).body.data.qrId;
      const before = connections;
      await call(local, 'POST', `/forms/${qrId}/submissions`, { answers: {} });
      await waitFor(() => local.store.deliveries.all()[0], 'the delivery');
      expect(connections).toBe(before + 1);
    } finally {
      await local.close();
    }
  });
});
