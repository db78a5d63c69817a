import { crc32, deflateSync } from 'node:zlib';

/**
 * RGBA pixels as resvg leaves them (premultiplied by alpha) made straight: partly transparent pixels
 * demultiplied, and fully transparent ones white. A reader that drops the alpha channel (zbarimg,
 * many printers' drivers) then sees a light background instead of a black one.
 */
export function straightOnWhite(premultiplied: Buffer): Buffer {
  const out = Buffer.allocUnsafe(premultiplied.length);
  for (let i = 0; i < premultiplied.length; i += 4) {
    const a = premultiplied[i + 3]!;
    for (let c = 0; c < 3; c++) out[i + c] = a === 0 ? 255 : a === 255 ? premultiplied[i + c]! : Math.min(255, Math.round((premultiplied[i + c]! * 255) / a));
    out[i + 3] = a;
  }
  return out;
}

/** A PNG of straight RGBA pixels (straightOnWhite's), written with no filter. */
export function pngOf(rgba: Buffer, width: number, height: number): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height); // each row's first byte: filter none (0)
  for (let y = 0; y < height; y++) rgba.copy(raw, y * stride + 1, y * width * 4, (y + 1) * width * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
