import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { MultipartError, readMultipart } from '../../../src/sandbox/routes/multipart.js';

// A client gone before its multipart body is read (while the route, or the public pages, loaded):
// its request was destroyed before the reader listened, so no 'aborted', 'error' or 'close' is to
// come. The reader must say so at once; waiting on the body would hold the request for ever, and the
// sandbox's close() with it.
const dir = mkdtempSync(join(tmpdir(), 'formctl-multipart-gone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses the body of a request already destroyed, writing nothing', async () => {
  const outcome = new Promise<unknown>((resolve) => {
    const server = createServer((req: IncomingMessage) => {
      req.destroy();
      req.once('close', () => {
        readMultipart(req, dir, { files: 1, fields: 1, fieldSize: 100, totalBytes: 1000 }).then(resolve, resolve);
        // (a reader that waits would leave the outcome unsettled: the test's timeout says so)
        server.close();
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const r = request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-type': 'multipart/form-data; boundary=B', 'content-length': '500' } });
      r.on('error', () => undefined);
      r.write('--B\r\n');
    });
  });
  const e = await outcome;
  expect(e).toBeInstanceOf(MultipartError);
  expect((e as Error).message).toBe('The request body ended early');
  expect(readdirSync(dir)).toEqual([]);
}, 5000);
