// A response body read to its end, as the chunks that came or as UTF-8 text: for the API client's
// envelopes (http.ts) and for the commands that read a body themselves (api, the MCP tools).

export async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  return textOf(await readChunks(stream));
}

export function readChunks(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(chunks));
    stream.on('error', reject);
    stream.on('aborted', () => reject(new Error('response aborted')));
  });
}

/**
 * UTF-8 text of a body's chunks (Buffers, or the plain Uint8Arrays a worker thread receives), decoded
 * chunk by chunk (a character may straddle two). A leading byte order mark is dropped however the body
 * came cut up (RFC 8259 lets a reader ignore it; JSON.parse would refuse it).
 */
export function textOf(chunks: readonly Uint8Array[]): string {
  if (chunks.length === 1) {
    const c = chunks[0]!;
    const text = Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
  const decoder = new TextDecoder();
  let text = '';
  for (let i = 0; i < chunks.length; i++) text += decoder.decode(chunks[i], { stream: i < chunks.length - 1 });
  return text;
}
