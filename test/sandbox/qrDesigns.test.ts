import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_FONTS, QrConfigSchema, type QrConfig } from '../../src/domain/form.js';
import { qrPixels, renderQr } from '../../src/sandbox/qr/index.js';
import type { QrFormat } from '../../src/domain/qrFormats.js';
import { PRESETS } from '../../src/sandbox/qr/presets.js';
import { contrast, hexRgb, luminance, TWO_COLOUR_FRAMES } from '../../src/sandbox/qr/scene.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';
import { seededRandom } from '../../src/domain/random.js';

// Every design stays decodable: each preset and a few hundred random valid designs, read back by two
// real QR readers (zbar's zbarimg from Debian, and jsQR); PDF and EPS through Ghostscript.
const jsQR = jsQRModule as unknown as (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts: 'dontInvert' }) => { data: string } | null;
const dir = mkdtempSync(join(tmpdir(), 'formctl-qr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PNG composited over white: a transparent background reads as the page it is printed on. */
function flatten(png: Buffer): { data: Buffer; width: number; height: number } {
  return flattenRgba(PNG.sync.read(png));
}

/** Straight RGBA pixels composited over white (in place). */
function flattenRgba(img: { data: Buffer; width: number; height: number }): { data: Buffer; width: number; height: number } {
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]!;
    if (a === 255) continue; // opaque: the same after compositing
    for (let c = 0; c < 3; c++) d[i + c] = Math.round((d[i + c]! * a) / 255 + 255 * (1 - a / 255));
    d[i + 3] = 255;
  }
  return img;
}

/** jsQR as a camera app reads a dark code on a light ground (no second pass over an inverted image) */
function readWithJsQr(img: { data: Buffer; width: number; height: number }): string | undefined {
  return jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height, { inversionAttempts: 'dontInvert' })?.data;
}

/**
 * The file zbarimg reads: the flattened pixels as a binary PPM (the same RGB values a PNG of them
 * holds, without the cost of compressing hundreds of images only to have them read once).
 */
function writeFlat(file: string, img: { data: Buffer; width: number; height: number }): void {
  const rgb = Buffer.allocUnsafe(img.width * img.height * 3);
  for (let i = 0, j = 0; i < img.data.length; i += 4, j += 3) {
    rgb[j] = img.data[i]!;
    rgb[j + 1] = img.data[i + 1]!;
    rgb[j + 2] = img.data[i + 2]!;
  }
  writeFileSync(file, Buffer.concat([Buffer.from(`P6\n${img.width} ${img.height}\n255\n`), rgb]));
}

/**
 * zbarimg over many files at once; each image encodes its own text, so the texts say which were read.
 * QR codes only: its other decoders (EAN, Code 128, …) would scan every line of every image for
 * nothing (a quarter of its time).
 */
function readWithZbar(files: string[]): Set<string> {
  const r = spawnSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return new Set(r.stdout.split('\n').filter(Boolean));
}

// random valid designs: every enum and range of spec §2.6, dark code colours on light backgrounds
function randomDesign(r: () => number): QrConfig {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const colour = (dark: boolean) => {
    for (;;) {
      const c = `#${Math.floor(r() * 0xffffff).toString(16).padStart(6, '0')}`;
      const l = luminance(hexRgb(c, [0, 0, 0]));
      if (dark ? l < 0.12 : l > 0.75) return c;
    }
  };
  const c: QrConfig = {
    qrData: `pattern${Math.floor(r() * 15)}`, eye_outer: `eyeOuter${Math.floor(r() * 13)}`, eye_inner: `eyeInner${Math.floor(r() * 11)}`,
    colorDark: colour(true), backgroundColor: colour(false), size: 240 + Math.floor(r() * 200),
  };
  if (r() < 0.4) Object.assign(c, { gradient: true, grdType: pick(['linear', 'upDown', 'diagonal1', 'diagonal2', 'radial'] as const), color01: colour(true), color02: colour(true) });
  if (r() < 0.4) Object.assign(c, { eye_color: true, eye_color01: colour(true), eye_color02: colour(true) });
  if (r() < 0.15) c.transparentBkg = true;
  if (r() < 0.6) {
    const frame = 1 + Math.floor(r() * 16);
    Object.assign(c, { frame, frameText: pick(['SCAN ME', 'Menu', 'Feedback', 'Join us', 'Tickets & more']), frameTextFont: pick(FRAME_FONTS), frameColor: colour(true) });
    if (TWO_COLOUR_FRAMES.includes(frame)) c.frameColor2 = colour(r() < 0.5);
    if (r() < 0.4) Object.assign(c, { frameColorType: pick(['fill', 'linear', 'upDown', 'downUp', 'diagonal1', 'diagonal2', 'radial'] as const), frameGradientStartColor: colour(true), frameGradientEndColor: colour(true) });
  }
  return c;
}

describe('QR designs stay decodable', () => {
  it('every preset, in PNG, read by zbarimg and jsQR', async () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(16);
    const files: string[] = [];
    for (const p of PRESETS) {
      expect(QrConfigSchema.safeParse(p.config).success, p.id).toBe(true);
      const text = `https://sandbox.test/s/PRESET${p.id.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;
      const img = flatten(await renderQr(text, 'png', { config: p.config, sizePx: 300 }));
      expect(readWithJsQr(img), p.id).toBe(text);
      const file = join(dir, `preset-${p.id}.ppm`);
      writeFlat(file, img);
      files.push(file);
    }
    expect(readWithZbar(files).size).toBe(PRESETS.length);
  });

  it('every preset, as served (alpha kept, not flattened), read by zbarimg at 300, 600 and 1024 px', async () => {
    const files: string[] = [];
    for (const p of PRESETS) {
      for (const sizePx of [300, 600, 1024]) {
        const text = `https://sandbox.test/s/RAW${sizePx}${p.id.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;
        const file = join(dir, `raw-${p.id}-${sizePx}.png`);
        writeFileSync(file, await renderQr(text, 'png', { config: p.config, sizePx }));
        files.push(file);
      }
    }
    expect(readWithZbar(files).size).toBe(PRESETS.length * 3);
  });

  it('a transparent background is white with alpha 0, not transparent black', async () => {
    const transparent = PRESETS.find((p) => p.config.transparentBkg)!;
    const img = PNG.sync.read(await renderQr('https://sandbox.test/s/T', 'png', { config: transparent.config, sizePx: 300 }));
    expect([...img.data.subarray(0, 4)]).toEqual([255, 255, 255, 0]);
  });

  it('the pixels read back below are those of the PNG served, for opaque, transparent, framed and gradient designs', async () => {
    const r = seededRandom(7);
    const designs = [...PRESETS.map((p) => p.config), ...Array.from({ length: 12 }, () => randomDesign(r))];
    expect(designs.some((c) => c.transparentBkg)).toBe(true);
    for (const [i, config] of designs.entries()) {
      const text = `https://sandbox.test/s/P${i}`;
      const png = PNG.sync.read(await renderQr(text, 'png', { config, sizePx: config.size ?? 300 }));
      const px = await qrPixels(text, { config, sizePx: config.size ?? 300 });
      expect([px.width, px.height], String(i)).toEqual([png.width, png.height]);
      expect(px.data.equals(png.data), `design ${i}: ${JSON.stringify(config)}`).toBe(true);
    }
  });

  // read from the PNG's pixels (above: the same as the PNG's), not encoded and decoded 300 times
  it('300 random valid designs: every one read by zbarimg, at least 99 % by jsQR', async () => {
    const r = seededRandom(20261122);
    const files: string[] = [];
    const texts: string[] = [];
    const unread: Array<{ text: string; config: QrConfig }> = [];
    for (let i = 0; i < 300; i++) {
      const config = randomDesign(r);
      expect(QrConfigSchema.safeParse(config).success).toBe(true);
      const text = `https://sandbox.test/s/R${i}X${Math.floor(r() * 1e6)}`;
      const img = flattenRgba(await qrPixels(text, { config, sizePx: config.size! }));
      if (readWithJsQr(img) !== text) unread.push({ text, config });
      const file = join(dir, `random-${i}.ppm`);
      writeFlat(file, img);
      files.push(file);
      texts.push(text);
    }
    // zbar reads every one; jsQR's finder-pattern detector misses a rare framed design at a few
    // sizes (the same design 10 px larger reads): at most 1 %, named here when it happens
    expect(unread.length, JSON.stringify(unread)).toBeLessThanOrEqual(3);
    const read = readWithZbar(files);
    expect(texts.filter((t) => !read.has(t))).toEqual([]);
  }, 120_000);

  it('PDF and EPS of framed, gradient and logo designs, rendered by Ghostscript and read by zbarimg', async () => {
    const logo = { bytes: readFileLogo(), mime: 'image/png' };
    const designs = [PRESETS.find((p) => p.id === 'sunset-frame')!.config, PRESETS.find((p) => p.id === 'shadow-card')!.config, PRESETS.find((p) => p.id === 'forest-radial')!.config];
    const files: string[] = [];
    const texts: string[] = [];
    for (const [i, config] of designs.entries()) {
      for (const format of ['pdf', 'eps'] as QrFormat[]) {
        const text = `https://sandbox.test/s/V${i}${format.toUpperCase()}`;
        const bytes = await renderQr(text, format, { config, sizePx: 300, logo: i === 0 ? logo : undefined });
        expect(bytes.subarray(0, 4).toString()).toBe(format === 'pdf' ? '%PDF' : '%!PS');
        const src = join(dir, `v${i}.${format}`);
        writeFileSync(src, bytes);
        const png = join(dir, `v${i}-${format}.png`);
        execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...(format === 'eps' ? ['-dEPSCrop'] : []), '-sDEVICE=png16m', '-r144', `-sOutputFile=${png}`, src], { stdio: 'pipe' });
        files.push(png);
        texts.push(text);
      }
    }
    const read = readWithZbar(files);
    expect(texts.filter((t) => !read.has(t))).toEqual([]);
  });

  it('the SVG names the design font first and an installed fallback; low contrast is measurable', async () => {
    const svg = (await renderQr('https://sandbox.test/s/F', 'svg', { config: { frame: 1, frameText: 'Hi', frameTextFont: 'Times New Roman' }, sizePx: 300 })).toString();
    expect(svg).toContain(`font-family="'Times New Roman', 'Liberation Serif', sans-serif"`);
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 0);
  });
});

/** a 1-bit PNG of side × side zero pixels, compressed to about a thousandth of a byte a pixel */
function bombPng(side: number): Buffer {
  const crc = (b: Buffer) => {
    let c = ~0;
    for (const x of b) {
      c ^= x;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  // the first rows only: enough for the header to be believed (nothing here decodes the rest)
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * 64);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function readFileLogo(): Buffer {
  // a 24×24 red square with a white centre: visible in the middle of the code
  const png = new PNG({ width: 24, height: 24 });
  for (let y = 0; y < 24; y++) for (let x = 0; x < 24; x++) {
    const i = (y * 24 + x) * 4;
    const inner = x > 7 && x < 16 && y > 7 && y < 16;
    png.data.set(inner ? [255, 255, 255, 255] : [220, 38, 38, 255], i);
  }
  return PNG.sync.write(png);
}

describe('the sandbox draws qrConfig on every route that serves an image', () => {
  let sb: InProcessSandbox;
  beforeAll(async () => {
    sb = await inProcessSandbox({ plan: 'business' });
  });
  afterAll(() => sb.stop());

  it('a centre logo from an uploaded file: error correction raised, the logo drawn, still decodable', async () => {
    const form = new FormData();
    form.set('category', 'logo');
    form.set('userFile', new Blob([readFileLogo()], { type: 'image/png' }), 'logo.png');
    const up = await (await fetch(`${sb.baseUrl}/account/uploads`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}` }, body: form })).json() as { data: { fileUrl: string } };
    const created = await sb.api('POST', '/forms', { body: { title: 'Logo', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }], qrConfig: { logo: up.data.fileUrl, qrData: 'pattern2', colorDark: '#1e3a8a' } } });
    expect(created.status).toBe(200);
    const { qrId, shortUrl } = created.body.data;
    const res = await fetch(`${sb.baseUrl}/forms/${qrId}/download?format=png&resolution=400`, { headers: { authorization: `Bearer ${sb.keys.owner}` } });
    const png = Buffer.from(await res.arrayBuffer());
    expect(readWithJsQr(flatten(png))).toBe(shortUrl);
    const img = PNG.sync.read(png);
    expect(img.width).toBe(400);
    // the logo's red is in the centre, where no module colour could be
    const centre = (Math.floor(img.height / 2 - 20) * img.width + Math.floor(img.width / 2 - 20)) * 4;
    expect([img.data[centre], img.data[centre + 1], img.data[centre + 2]]).toEqual([220, 38, 38]);
    const file = join(dir, 'logo.png');
    writeFileSync(file, png);
    expect(readWithZbar([file]).has(shortUrl)).toBe(true);
  });

  it('a logo too large to decode, or an SVG with filters, is refused on upload; named as a form asset, the code is drawn without it', async () => {
    const upload = async (path: string, category: string, bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('category', category);
      form.set('userFile', new Blob([bytes]), name);
      const res = await fetch(`${sb.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}` }, body: form });
      return { status: res.status, body: await res.json() as { message?: string; data: { fileUrl: string } } };
    };
    // 1.2 MB on disk, 100,000 × 100,000 pixels decoded: the header says so, and nothing decodes it
    const bomb = bombPng(100_000);
    const filter = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><filter id="f"><feGaussianBlur stdDeviation="5000"/><feMorphology radius="100000"/></filter><rect width="100000" height="100000" filter="url(#f)"/></svg>');
    const refused = await upload('/account/uploads', 'logo', bomb, 'bomb.png');
    expect([refused.status, refused.body.message]).toEqual([400, 'File refused: it is 100000 × 100000 pixels; a logo may have at most 16,777,216 pixels (4096 × 4096), 8192 on a side']);
    const svg = await upload('/account/uploads', 'logo', filter, 'blur.svg');
    expect([svg.status, svg.body.message]).toEqual([400, 'File refused: an SVG logo with filters (blur, shadows) is not drawn by the sandbox']);
    // as a form's own asset (any image), then named as its QR logo
    const created = await sb.api('POST', '/forms', { body: { title: 'Bomb', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } });
    const { qrId, shortUrl } = created.body.data;
    for (const [bytes, name] of [[bomb, 'bomb.png'], [filter, 'blur.svg']] as const) {
      const asset = await upload(`/forms/${qrId}/uploads`, 'form', bytes, name);
      expect(asset.status, name).toBe(200);
      expect((await sb.api('PUT', `/forms/${qrId}`, { body: { qrConfig: { logo: asset.body.data.fileUrl } } })).status).toBe(200);
      const started = Date.now();
      const res = await fetch(`${sb.origin}/qr/${qrId}.png?${name}`, { headers: { host: `${name}.example` } });
      expect([res.status, res.headers.get('content-type')], name).toEqual([200, 'image/png']);
      const img = flatten(Buffer.from(await res.arrayBuffer()));
      expect(readWithJsQr(img), name).toMatch(/\/s\/[A-Z0-9]+$/);
      // drawn without the logo: the centre is a module's colour or the background, not a decoded image
      expect(Date.now() - started, name).toBeLessThan(10_000);
    }
    expect(shortUrl).toMatch(qrId);
  });

  it('GET /qr-design-templates lists the presets with previews the sandbox serves', async () => {
    const r = await sb.api('GET', '/qr-design-templates', { as: 'viewer' });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThanOrEqual(16);
    const first = r.body.data[0];
    expect(Object.keys(first)).toEqual(['id', 'previewUrl', 'config']);
    const preview = await fetch(first.previewUrl);
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(readWithJsQr(flatten(Buffer.from(await preview.arrayBuffer())))).toBe(`https://example.com/preset/${first.id}`);
    expect((await fetch(first.previewUrl.replace(first.id, 'nope'))).status).toBe(404);
  });

  it('a qrConfig.size under a pixel (a positive number the schema takes) draws the smallest image, never a 500', async () => {
    const r = await sb.api('POST', '/forms', { body: { title: 'tiny', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }], qrConfig: { size: 0.1 } } });
    expect(r.status).toBe(200);
    for (const url of [`${sb.origin}/qr/${r.body.data.qrId}.png`, `${sb.baseUrl}/forms/${r.body.data.qrId}/download?format=png`]) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${sb.keys.owner}` } });
      expect(res.status, url).toBe(200);
      expect(PNG.sync.read(Buffer.from(await res.arrayBuffer())).width, url).toBe(32);
    }
  });

  it('refuses frameColor2 on a frame without a secondary colour', async () => {
    const r = await sb.api('POST', '/forms', { body: { title: 'x', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }], qrConfig: { frame: 1, frameColor2: '#ff0000' } } });
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/frame 1 has no secondary colour/)]);
  });
});
