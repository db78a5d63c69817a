import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/http.js';
import type { Transport, TransportRequest, TransportResponse } from '../../../src/api/transport.js';
import { ApiError, ConnectionError } from '../../../src/errors.js';

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
    const { apiErrorOf } = await import('../../../src/api/envelope.js');
    const t = testIO();
    reportError(t.io, apiErrorOf(302, undefined, '', 'GET', '/forms'), false);
    expect(t.stderr()).toBe('error: unexpected response (HTTP 302)\n');
  });
});

describe('failures without an answer', () => {
  /** a transport whose every attempt fails before the connection opened */
  const failing = (code: string, message: string) => {
    const t = {
      attempts: 0,
      async send(r: TransportRequest): Promise<TransportResponse> {
        t.attempts++;
        throw new ConnectionError(message, code, false, r.method, r.url.pathname, false);
      },
      close() {},
    };
    return t;
  };
  const fail = async (code: string, message: string, retries = 3) => {
    const transport = failing(code, message);
    const c = new ApiClient({ baseUrl: 'https://api.example.test/v1', apiKey: 'k', transport, retries, sleep: async () => {}, random: () => 0.5 });
    const err = (await c.data({ method: 'GET', path: '/forms' }).catch((e: unknown) => e)) as ConnectionError;
    expect(err).toBeInstanceOf(ConnectionError);
    return { err, attempts: transport.attempts, counted: c.requestCount };
  };

  it.each([
    ['ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", "the TLS certificate of https://api.example.test is not for api.example.test: Hostname/IP does not match certificate's altnames"],
    ['CERT_HAS_EXPIRED', 'certificate has expired', "the TLS certificate of https://api.example.test is not valid now (certificate has expired): check this machine's clock"],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain', 'the TLS certificate of https://api.example.test is not trusted (self-signed certificate in certificate chain); if your network inspects TLS with its own certificate authority, give that authority\'s certificate (PEM) in NODE_EXTRA_CA_CERTS'],
    ['EPROTO', 'write EPROTO 80AC671EB07F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n', 'https://api.example.test does not speak TLS (wrong version number): is the base URL http:// rather than https://?'],
    ['EPROTO', 'write EPROTO 80AC:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1605:', 'the TLS handshake with https://api.example.test failed: sslv3 alert handshake failure'],
    ['ENOTFOUND', 'getaddrinfo ENOTFOUND api.example.test', 'cannot resolve host api.example.test'],
  ])('%s: one attempt, counted as no request, and a message that says what to do', async (code, message, expected) => {
    const r = await fail(code, message);
    expect(r.err.message).toBe(expected);
    expect(r.attempts).toBe(1);
    expect(r.counted).toBe(0);
  });

  it('a refused connection is retried, and none of its attempts is counted against the quota', async () => {
    const r = await fail('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9', 2);
    expect(r.attempts).toBe(3);
    expect(r.counted).toBe(0);
    expect(r.err.message).toBe('cannot connect to https://api.example.test: connection refused');
  });
});
