import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiClient, type Transport, type TransportRequest, type TransportResponse } from '../../../src/api/http.js';
import { ApiError } from '../../../src/errors.js';

/** A transport that answers from a script and records what it was asked. */
function scripted(answers: Array<{ status: number; body: unknown }>): Transport & { seen: TransportRequest[]; closed: boolean } {
  const t = {
    seen: [] as TransportRequest[],
    closed: false,
    async send(r: TransportRequest): Promise<TransportResponse> {
      t.seen.push(r);
      const a = answers.shift()!;
      return { status: a.status, headers: { 'content-type': 'application/json' }, stream: Readable.from([Buffer.from(JSON.stringify(a.body))]) as never };
    },
    close() {
      t.closed = true;
    },
  };
  return t;
}

describe('ApiClient over an injected transport', () => {
  it('sends the key as a Bearer header to its base URL, decodes the envelope, and retries a 503 on a GET', async () => {
    const transport = scripted([
      { status: 503, body: { status: 'failed', message: 'busy', code: 503, data: {} } },
      { status: 200, body: { status: 'success', data: { items: [], total: 0 } } },
    ]);
    const c = new ApiClient({ baseUrl: 'https://api.example.test/v1', apiKey: 'fk_secret', transport, sleep: async () => {}, random: () => 0.5 });
    expect(await c.data({ method: 'GET', path: '/forms', query: { limit: 100 } })).toEqual({ items: [], total: 0 });
    expect(transport.seen).toHaveLength(2);
    expect(transport.seen[0]!.url.href).toBe('https://api.example.test/v1/forms?limit=100');
    expect(transport.seen[0]!.headers.authorization).toBe('Bearer fk_secret');
    expect(c.requestCount).toBe(2);
    c.close();
    expect(transport.closed).toBe(true);
  });

  it('never retries a 400 and hands on the error envelope', async () => {
    const transport = scripted([{ status: 400, body: { status: 'failed', message: 'Form not found', code: 400, data: {} } }]);
    const c = new ApiClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', transport, sleep: async () => {} });
    const err = await c.data({ method: 'GET', path: '/forms/NOPE' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Form not found');
    expect(transport.seen).toHaveLength(1);
  });
});

describe('error messages', () => {
  it('name the status once: "unexpected response (HTTP 302)", not "… (HTTP 302) (HTTP 302)"', async () => {
    const { reportError } = await import('../../../src/cli/report.js');
    const { testIO } = await import('../../../src/cmdutil/testing.js');
    const { apiErrorOf } = await import('../../../src/api/http.js');
    const t = testIO();
    reportError(t.io, apiErrorOf(302, undefined, '', 'GET', '/forms'), false);
    expect(t.stderr()).toBe('error: unexpected response (HTTP 302)\n');
  });
});
