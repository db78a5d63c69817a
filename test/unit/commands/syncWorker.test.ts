import { describe, expect, it } from 'vitest';
import { movable } from '../../../src/commands/submissions/syncWorker.js';
import { textOf } from '../../../src/api/bodyText.js';

// A page as it crosses to the SQLite worker thread: the bytes that came, in one buffer of their own
// that is moved (transferred), never a view of a socket's larger buffer copied whole.
describe('pages sent to the SQLite worker', () => {
  it('arrive as the text that came, a character split between two chunks included, and leave nothing behind', () => {
    const text = '{"status":"success","data":{"items":[{"id":"a","answers":{"n":"naïve — ✓ 😀"}}]}}';
    const bytes = Buffer.from(text);
    const socket = Buffer.alloc(4096); // a chunk is a view of a larger buffer
    bytes.copy(socket, 100);
    const cut = bytes.indexOf(0xf0) + 2; // inside the emoji's four bytes
    const chunks = [socket.subarray(100, 100 + cut), socket.subarray(100 + cut, 100 + bytes.length)];
    const { input, transfer } = movable({ chunks });
    expect(transfer).toHaveLength(1);
    expect(transfer[0]!.byteLength).toBe(bytes.length);
    const received = structuredClone(input, { transfer });
    expect(transfer[0]!.byteLength).toBe(0); // moved: the sender keeps no copy
    expect(textOf((received as { chunks: Uint8Array[] }).chunks)).toBe(text);
    expect(textOf(chunks)).toBe(text);
  });

  it('drop a byte order mark before the JSON, in one buffer as in several', () => {
    const text = '{"status":"success","data":{"items":[]}}';
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const { input, transfer } = movable({ chunks: [bytes.subarray(0, 2), bytes.subarray(2)] });
    const received = structuredClone(input, { transfer }) as { chunks: Uint8Array[] };
    expect(received.chunks).toHaveLength(1);
    expect(textOf(received.chunks)).toBe(text);
    expect(textOf([bytes.subarray(0, 2), bytes.subarray(2)])).toBe(text);
  });
});
