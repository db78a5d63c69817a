import { decodeOrKeep } from '../../domain/urls.js';
import { sniffFile } from '../../domain/fileTypes.js';

// What the sandbox will draw as a QR logo. resvg decodes an image whole, whatever size its header
// declares (a 1 MB PNG may declare 100,000 × 100,000 pixels: tens of gigabytes), and draws an SVG's
// filters over their whole region (a 300-byte blur could hold the process for seconds). A logo is
// about a fifth of a code of at most 4,096 pixels: these bounds leave every real logo drawable.

/** the most pixels of a raster logo (4,096 × 4,096: 64 MB decoded) */
export const LOGO_MAX_PIXELS = 4096 * 4096;
/** the longest side of a raster logo */
export const LOGO_MAX_SIDE = 8192;

/** data: URLs in an SVG: whatever type they declare */
const SVG_DATA_URL = /data:[^,"'\s<>]*?(;base64)?,([^"')<>]*)/gi;

const FILTERS = 'an SVG logo with filters (blur, shadows) is not drawn by the sandbox';

/**
 * Why these bytes cannot be drawn as a logo, or undefined when they can. `mime`: as sniffed on upload
 * (domain/fileTypes.ts). Types resvg does not decode (BMP, ICO, …) are drawn as nothing, harmlessly.
 */
export async function logoProblem(bytes: Buffer, mime: string, depth = 0): Promise<string | undefined> {
  if (mime === 'image/svg+xml') return svgProblem(bytes, depth);
  const size = rasterSize(bytes, mime);
  if (size === null) return undefined;
  if (!size) return `its ${mime.slice('image/'.length).toUpperCase()} header does not say its size`;
  const { width, height } = size;
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE || width * height > LOGO_MAX_PIXELS) {
    return `it is ${width} × ${height} pixels; a logo may have at most 16,777,216 pixels (4096 × 4096), ${LOGO_MAX_SIDE} on a side`;
  }
  return undefined;
}

/**
 * An SVG as resvg reads it: its own parser's tree (entities, character references, comments, CDATA
 * and CSS all resolved as they are when drawn), in which every filter is a <filter> element,
 * CSS's blur() and drop-shadow() included. Text is not shaped (no font is loaded): nothing is drawn.
 */
async function svgProblem(bytes: Buffer, depth: number): Promise<string | undefined> {
  const { Resvg } = await import('@resvg/resvg-js');
  let tree: string;
  try {
    tree = new Resvg(bytes, { font: { loadSystemFonts: false, fontFiles: [] } }).toString();
  } catch (e) {
    return `an SVG the sandbox cannot read (${(e as Error).message})`;
  }
  if (/<filter\b/.test(tree)) return FILTERS;
  for (const m of tree.matchAll(SVG_DATA_URL)) {
    if (depth >= 2) return 'an SVG logo with images nested more than twice is not drawn by the sandbox';
    // (base64 wrapped over lines: its spaces and line breaks are skipped)
    const payload = m[1] ? Buffer.from(m[2]!, 'base64') : Buffer.from(decodeOrKeep(m[2]!), 'utf8');
    // by its bytes, as resvg reads it, not by the type the URL declares
    const sniffed = sniffFile(payload);
    const inner = sniffed?.kind === 'image' ? await logoProblem(payload, sniffed.mime, depth + 1) : undefined;
    if (inner) return `an image inside the SVG: ${inner}`;
  }
  return undefined;
}

/**
 * The pixel size a raster's header declares: null for a type resvg does not decode (nothing to
 * bound), undefined when the header cannot be read.
 */
export function rasterSize(b: Buffer, mime: string): { width: number; height: number } | null | undefined {
  switch (mime) {
    case 'image/png':
      // the signature, then IHDR: width and height, 4 bytes each, big-endian
      return b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : undefined;
    case 'image/gif':
      return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : undefined;
    case 'image/jpeg':
      return jpegSize(b);
    case 'image/webp':
      return webpSize(b);
    default:
      return null;
  }
}

/** the frame header (SOF0–SOF15 but DHT, JPG and DAC) after the markers before it */
function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2; // markers without a length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return undefined;
}

/** VP8 (lossy), VP8L (lossless) and VP8X (extended: the canvas) headers */
function webpSize(b: Buffer): { width: number; height: number } | undefined {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}
