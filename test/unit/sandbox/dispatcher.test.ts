import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhookDispatcher } from '../../../src/sandbox/dispatcher.js';
import { EventBus } from '../../../src/sandbox/events.js';
import type { SandboxStore } from '../../../src/sandbox/repo/store.js';

// A delivery that cannot be recorded (the store refusing its row: a full disk, a locked database) is
// the sandbox's own error, written to stderr: it never ends the process as an unhandled rejection or
// an exception thrown from the request's events.

afterEach(() => vi.restoreAllMocks());

function dispatcherTo(url: string) {
  const added: unknown[] = [];
  const store = {
    webhooks: { get: () => ({ account_id: 'acc', url, secret: 'whsec_test', enabled: 1 }) },
    deliveries: {
      add: (row: unknown) => {
        added.push(row);
        throw new Error('database or disk is full');
      },
    },
  } as unknown as SandboxStore;
  const events = new EventBus();
  const dispatcher = new WebhookDispatcher(store, events);
  const row = { id: 'sub1', qr_id: 'QR000001', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', answers: '{}' };
  const submit = () => events.emit('submission.created', { accountId: 'acc', row, doc: { title: 'T' } } as never);
  return { dispatcher, submit, added };
}

describe('webhook deliveries whose record fails', () => {
  it('a delivery made, then refused by the store: written to stderr, close() resolves', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['x-service-event']));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { dispatcher, submit, added } = dispatcherTo(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`);
      submit();
      // close() waits for a delivery scheduled just before it
      await dispatcher.close();
      expect(received).toEqual(['submission.created']);
      expect(added).toHaveLength(1);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/^sandbox: webhook delivery: Error: database or disk is full/);
    } finally {
      server.close();
    }
  });

  it('an invalid URL whose record is refused: written to stderr, close() resolves', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { dispatcher, submit, added } = dispatcherTo('not a url');
    submit();
    await dispatcher.close();
    expect(added).toEqual([expect.objectContaining({ error: 'invalid URL', status: null })]);
    expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('sandbox: webhook delivery: Error: database or disk is full');
  });
});

describe('a webhook receiver that answers slowly', () => {
  /** a raw receiver: `answer` writes what it likes on each connection */
  async function receiver(answer: (socket: import('node:net').Socket) => void) {
    const { createServer: tcp } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const server = tcp((s) => {
      sockets.push(s);
      s.on('error', () => undefined);
      answer(s);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, close: () => (sockets.forEach((s) => s.destroy()), server.close()) };
  }
  function recording(url: string, deadlineMs: number) {
    const added: Array<{ status: number | null; error: string | null }> = [];
    const store = { webhooks: { get: () => ({ account_id: 'acc', url, secret: 'whsec_test', enabled: 1 }) }, deliveries: { add: (row: never) => void added.push(row) } } as unknown as SandboxStore;
    const events = new EventBus();
    const dispatcher = new WebhookDispatcher(store, events, false, deadlineMs);
    const row = { id: 'sub1', qr_id: 'QR000001', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', answers: '{}' };
    events.emit('submission.created', { accountId: 'acc', row, doc: { title: 'T' } } as never);
    return { dispatcher, added };
  }

  it('headers that trickle in a byte at a time meet the deadline of the whole attempt, and close() resolves', async () => {
    const r = await receiver((s) => {
      s.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      const drip = setInterval(() => (s.destroyed ? clearInterval(drip) : s.write('a')), 20);
      s.on('close', () => clearInterval(drip));
    });
    try {
      const { dispatcher, added } = recording(r.url, 300);
      await dispatcher.close();
      expect(added).toEqual([expect.objectContaining({ status: null, error: 'no answer within 0.3 s' })]);
    } finally {
      r.close();
    }
  });

  it('a body that never ends is not waited for: the status is the outcome, recorded when the headers came', async () => {
    const r = await receiver((s) => {
      s.once('data', () => {
        s.write('HTTP/1.1 202 Accepted\r\nContent-Length: 100000000\r\n\r\n');
        const drip = setInterval(() => (s.destroyed ? clearInterval(drip) : s.write('x')), 20);
        s.on('close', () => clearInterval(drip));
      });
    });
    try {
      const { dispatcher, added } = recording(r.url, 5000);
      await dispatcher.close();
      expect(added).toEqual([expect.objectContaining({ status: 202, error: null })]);
    } finally {
      r.close();
    }
  });
});
