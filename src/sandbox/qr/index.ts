import type { RenderedImage } from '@resvg/resvg-js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { QrConfig } from '../../domain/form.js';
import { pngOf, straightOnWhite } from './png.js';
import { buildScene, type Logo, type Scene } from './scene.js';
import { toEps, toPdf, toSvg, type Raster } from './writers.js';
import type { QrFormat } from '../../domain/qrFormats.js';

export const CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

export const DEFAULT_SIZE = 300;

/** the smallest image drawn: a download's smallest resolution (a qrConfig.size of 0.1 is a number the schema takes) */
export const MIN_SIZE = 32;

/** The pixel size of a design: the download's resolution, else qrConfig.size (32 px at least), else 300. */
export function sizeOf(config: QrConfig | undefined, resolution?: number): number {
  return Math.max(MIN_SIZE, Math.round(resolution ?? config?.size ?? DEFAULT_SIZE));
}

/** docs/sandbox.md, "QR designs": the fonts frame texts are drawn with (Debian's fonts-liberation and fonts-dejavu-core). */
const FONT_DIRS = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/liberation2', '/usr/share/fonts/truetype/dejavu'];
const FONT_FILE = /^(Liberation(?:Sans|Serif|Mono)|DejaVuSans(?:Condensed)?)(?:-Bold|-Regular)?\.ttf$/;
/**
 * The family resvg finds each file name's stem under. DejaVu's condensed faces are also of the family
 * "DejaVu Sans" (their typographic family): resvg chooses among all four DejaVu files for either name.
 */
const FAMILIES: Record<string, string> = { LiberationSans: 'Liberation Sans', LiberationSerif: 'Liberation Serif', LiberationMono: 'Liberation Mono', DejaVuSans: 'DejaVu Sans', DejaVuSansCondensed: 'DejaVu Sans' };
let fontFiles: Array<{ family: string; file: string }> | undefined;
/** every font file frame texts may be drawn with, with the family resvg finds it under */
export function fonts(): Array<{ family: string; file: string }> {
  if (!fontFiles) {
    fontFiles = [];
    for (const dir of FONT_DIRS) {
      try {
        for (const f of readdirSync(dir)) {
          const stem = FONT_FILE.exec(f)?.[1];
          if (stem) fontFiles.push({ family: FAMILIES[stem]!, file: join(dir, f) });
        }
      } catch { /* not installed: texts fall back to whatever resvg finds */ }
    }
  }
  return fontFiles;
}

/** Letters every installed family draws (Latin-1): beyond them resvg may take a glyph from another family. */
const LATIN_1 = /^[\x20-\x7e\xa0-\xff]*$/;

/**
 * The font files resvg is given for a scene (each one is read and parsed by every render): none when
 * nothing in it is text; the files of the families its texts name; every one when a family is not
 * installed, a text has a letter beyond Latin-1 (✓, ★, Hebrew: resvg finds them in another family),
 * or the logo is an SVG (which may hold text).
 */
export function fontFilesFor(scene: Pick<Scene, 'texts' | 'logo'>): string[] | 'all' {
  if (scene.logo?.image.mime === 'image/svg+xml') return 'all';
  if (scene.texts.some((t) => !LATIN_1.test(t.text))) return 'all';
  const families = new Set(scene.texts.map((t) => t.font.fallback.replace(/ Condensed$/, '')));
  const files = fonts().filter((f) => families.has(f.family));
  return [...families].every((family) => files.some((f) => f.family === family)) ? files.map((f) => f.file) : 'all';
}

/** The SVG drawn by resvg; the caller takes the PNG resvg writes or the raw pixels, whichever it uses. */
async function rasterise(svg: string, needed: string[] | 'all', width?: number): Promise<RenderedImage> {
  const { renderAsync } = await import('@resvg/resvg-js');
  const files = needed === 'all' ? fonts().map((f) => f.file) : needed;
  const installed = fonts().length > 0;
  // on libuv's thread pool: a drawing never holds the sandbox's other requests; at most two at once,
  // so that drawings never take the whole pool (four threads: the file system's work goes there too)
  return inDrawingSlot(() =>
    renderAsync(svg, {
      fitTo: width ? { mode: 'width', value: width } : { mode: 'original' },
      font: installed ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: 'DejaVu Sans' } : { loadSystemFonts: true },
    }),
  );
}

const DRAWINGS_AT_ONCE = 2;
let drawing = 0;
const waiting: Array<() => void> = [];

/** `work` once one of the drawing slots is free; a slot that frees is handed to the next in line */
async function inDrawingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (drawing < DRAWINGS_AT_ONCE) drawing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else drawing--;
  }
}

/** The logo as RGB samples on white, for PDF and EPS (resvg decodes PNG, JPEG, GIF, WebP and SVG). */
async function logoRaster(scene: Scene): Promise<Raster | undefined> {
  if (!scene.logo) return undefined;
  const px = Math.max(16, Math.min(256, Math.round(scene.logo.size * 2)));
  const { image } = scene.logo;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}"><rect width="${px}" height="${px}" fill="#fff"/><image width="${px}" height="${px}" preserveAspectRatio="xMidYMid meet" href="data:${image.mime};base64,${image.bytes.toString('base64')}"/></svg>`;
  const { pixels, width, height } = await rasterise(svg, fontFilesFor({ texts: [], logo: scene.logo }));
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < pixels.length; i += 4, j += 3) {
    rgb[j] = pixels[i]!;
    rgb[j + 1] = pixels[i + 1]!;
    rgb[j + 2] = pixels[i + 2]!;
  }
  return { width, height, rgb };
}

export interface Design {
  config: QrConfig;
  sizePx: number;
  /** the image qrConfig.logo names, when the sandbox holds it */
  logo?: Logo;
}

async function sceneOf(text: string, design: Design): Promise<Scene> {
  // qrcode loads with the first code drawn, not with the sandbox
  const { default: encoder } = await import('qrcode');
  return buildScene({ text, config: design.config, sizePx: design.sizePx, logo: design.logo }, encoder);
}

/** A drawn scene's raster: resvg's own PNG when the background is opaque, else straight pixels on white. */
async function rasterOf(scene: Scene): Promise<{ img: RenderedImage; straight?: Buffer }> {
  const img = await rasterise(toSvg(scene, { forRaster: true }), fontFilesFor(scene));
  // a transparent background is white with alpha 0, never transparent black
  return scene.background ? { img } : { img, straight: straightOnWhite(img.pixels) };
}

/**
 * The pixels of the PNG renderQr serves for this design, without encoding them (straight RGBA, a
 * transparent background white with alpha 0): for reading many designs back (the tests' QR readers).
 */
export async function qrPixels(text: string, design: Design): Promise<{ data: Buffer; width: number; height: number }> {
  const { img, straight } = await rasterOf(await sceneOf(text, design));
  // an opaque image's premultiplied pixels are its straight ones
  return { data: straight ?? img.pixels, width: img.width, height: img.height };
}

/** A real, decodable QR code of `text` drawn as the design says, in the requested format (spec §4.1, §2.6). */
export async function renderQr(text: string, format: QrFormat, design: Design): Promise<Buffer> {
  const scene = await sceneOf(text, design);
  switch (format) {
    case 'svg':
      return Buffer.from(toSvg(scene));
    case 'png': {
      const { img, straight } = await rasterOf(scene);
      return straight ? pngOf(straight, img.width, img.height) : img.asPng();
    }
    case 'pdf':
      return toPdf(scene, await logoRaster(scene));
    case 'eps':
      return toEps(scene, await logoRaster(scene));
  }
}
