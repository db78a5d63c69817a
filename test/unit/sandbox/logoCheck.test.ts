import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { logoProblem, rasterSize } from '../../../src/sandbox/qr/logoCheck.js';

/** a PNG whose header declares width × height (its pixels are never decoded here) */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale: the smallest file for the most pixels
  const chunk = (type: string, data: Buffer) => Buffer.concat([Buffer.alloc(4, 0), Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  const len = (b: Buffer, n: number) => (b.writeUInt32BE(n, 0), b);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), len(chunk('IHDR', ihdr), 13), chunk('IDAT', deflateSync(Buffer.alloc(64)))]);
}

/** a baseline JPEG's markers up to its frame header, after an APP1 (Exif) block of `exif` bytes */
function jpegDeclaring(width: number, height: number, exif = 100): Buffer {
  const app1 = Buffer.alloc(4 + exif);
  app1.set([0xff, 0xe1]);
  app1.writeUInt16BE(exif + 2, 2);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
}

function webp(chunk: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(chunk, 12, 'latin1');
  if (chunk === 'VP8X') {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  }
  return b;
}

describe('QR logos the sandbox will draw', () => {
  it('reads the size each raster header declares', () => {
    const real = new PNG({ width: 37, height: 12 });
    expect(rasterSize(PNG.sync.write(real), 'image/png')).toEqual({ width: 37, height: 12 });
    expect(rasterSize(pngDeclaring(100_000, 100_000), 'image/png')).toEqual({ width: 100_000, height: 100_000 });
    expect(rasterSize(Buffer.from('GIF89a\x20\x03\x58\x02\x00', 'latin1'), 'image/gif')).toEqual({ width: 800, height: 600 });
    expect(rasterSize(jpegDeclaring(4000, 3000, 60_000), 'image/jpeg')).toEqual({ width: 4000, height: 3000 });
    expect(rasterSize(webp('VP8X', 16_000, 9_000), 'image/webp')).toEqual({ width: 16_000, height: 9_000 });
    expect(rasterSize(webp('VP8L', 640, 480), 'image/webp')).toEqual({ width: 640, height: 480 });
    expect(rasterSize(webp('VP8 ', 1920, 1080), 'image/webp')).toEqual({ width: 1920, height: 1080 });
    // nothing to bound where resvg draws nothing; a header cut short says no size
    expect(rasterSize(Buffer.from('BM'), 'image/bmp')).toBeNull();
    expect(rasterSize(pngDeclaring(10, 10).subarray(0, 20), 'image/png')).toBeUndefined();
  });

  it('a logo of at most 4096 × 4096 pixels (8192 on a side) is drawn; a bigger one is named with its size', async () => {
    expect(await logoProblem(pngDeclaring(4096, 4096), 'image/png')).toBeUndefined();
    expect(await logoProblem(pngDeclaring(8192, 2048), 'image/png')).toBeUndefined();
    expect(await logoProblem(jpegDeclaring(6000, 2000), 'image/jpeg')).toBeUndefined();
    expect(await logoProblem(pngDeclaring(100_000, 100_000), 'image/png')).toBe('it is 100000 × 100000 pixels; a logo may have at most 16,777,216 pixels (4096 × 4096), 8192 on a side');
    expect(await logoProblem(pngDeclaring(8193, 10), 'image/png')).toMatch(/^it is 8193 × 10 pixels/);
    expect(await logoProblem(webp('VP8X', 5000, 5000), 'image/webp')).toMatch(/^it is 5000 × 5000 pixels/);
    expect(await logoProblem(jpegDeclaring(65_000, 65_000), 'image/jpeg')).toMatch(/^it is 65000 × 65000 pixels/);
    expect(await logoProblem(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBe('its JPEG header does not say its size');
  });

  it('an SVG with a filter, however it is written, is refused (read by resvg\'s own parser); a plain one, even one that says "filter", is drawn', async () => {
    const svg = (body: string, head = '') => Buffer.from(`${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg" width="100" height="100">${body}</svg>`);
    const FILTERS = 'an SVG logo with filters (blur, shadows) is not drawn by the sandbox';
    expect(await logoProblem(svg('<circle r="40" fill="#c00"/><text y="90">Aqua Filter: clean</text><!-- filter = none --><rect width="9" height="9" style="fill:red;;stroke:blue"/>'), 'image/svg+xml')).toBeUndefined();
    const filtered = [
      '<filter id="f"><feGaussianBlur stdDeviation="5000"/></filter><rect width="100" height="100" filter="url(#f)"/>',
      '<rect width="9" height="9" filter="blur(5000)"/>',
      '<rect width="9" height="9" style="fill:red;filter:drop-shadow(0 0 900px red)"/>',
      '<style>rect { filter: blur(40px) }</style><rect width="9" height="9"/>',
      // what regular expressions over the text missed (a review's cases)
      '<rect width="9" height="9" style="/**/filter:blur(10px)"/>',
      '<rect width="9" height="9" style="&#102;ilter:blur(10px)"/>',
      '<rect data-x=">" width="9" height="9" filter="blur(10)"/>',
      '<rect width="9" height="9" svg:filter="blur(10)"/>',
      '<style><![CDATA[rect{/**/filter:drop-shadow(0 0 2px red)}]]></style><rect width="9" height="9"/>',
      `<rect width="9" height="9" style="filter:${'drop-shadow(0 0 20px red) '.repeat(30)}"/>`,
    ];
    for (const body of filtered) expect(await logoProblem(svg(body), 'image/svg+xml'), body).toBe(FILTERS);
    // an entity declared in the document's own DTD
    expect(await logoProblem(svg('<rect width="9" height="9" filter="&f;"/>', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY f "blur(3px)">]>'), 'image/svg+xml')).toBe(FILTERS);
    // an image inside, by its bytes whatever type its URL declares
    const b64 = pngDeclaring(30_000, 30_000).toString('base64');
    expect(await logoProblem(svg(`<image width="9" height="9" href="data:image/png;base64,${b64}"/>`), 'image/svg+xml')).toMatch(/^an image inside the SVG: it is 30000 × 30000 pixels/);
    const small = PNG.sync.write(new PNG({ width: 24, height: 24 })).toString('base64');
    expect(await logoProblem(svg(`<image width="9" height="9" href="data:image/png;base64,${small}"/>`), 'image/svg+xml')).toBeUndefined();
    // not an SVG resvg reads: said
    expect(await logoProblem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), 'image/svg+xml')).toMatch(/^an SVG the sandbox cannot read/);
  });
});
