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
