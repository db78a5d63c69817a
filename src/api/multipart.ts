import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { PassThrough } from 'node:stream';

/**
 * A multipart/form-data body of text parts and one file part, streamed from disk (spec §4.2: parts
 * `userFile` and `category`). The length is known up front, so no chunked encoding is needed.
 */
export function multipartFile(path: string, fields: Record<string, string>, fileField = 'userFile', mime = 'application/octet-stream', onProgress?: (sent: number, total: number) => void) {
  const boundary = `----formctl${randomBytes(12).toString('hex')}`;
  const name = basename(path).replace(/["\r\n]/g, '_');
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(path).size;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    open(): NodeJS.ReadableStream {
      const out = new PassThrough();
      out.write(head);
      const file = createReadStream(path);
      let sent = 0;
      if (onProgress) file.on('data', (c) => onProgress((sent += c.length), size));
      file.on('error', (e) => out.destroy(e));
      file.on('end', () => out.end(tail));
      file.pipe(out, { end: false });
      return out;
    },
  };
}
