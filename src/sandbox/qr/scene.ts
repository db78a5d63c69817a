import type QRCode from 'qrcode';
import type { QrConfig } from '../../domain/form.js';
import { alignmentCentres, circle, eyeInnerPath, eyeOuterPath, modulePath, polygon, roundRect, type Cmd } from './shapes.js';

// One vector scene of a QR design (spec §2.6), written out as SVG, PNG (through resvg), PDF and EPS.

export type Rgb = [number, number, number];

export type Paint =
  | { kind: 'solid'; color: Rgb }
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; from: Rgb; to: Rgb }
  | { kind: 'radial'; cx: number; cy: number; r: number; from: Rgb; to: Rgb };

export interface Layer {
  path: Cmd[];
  paint: Paint;
  /** alpha of the fill, 0–1 (the shadow of frame 16) */
  opacity?: number;
}

export interface TextItem {
  text: string;
  x: number; // centre
  y: number; // baseline
  size: number;
  font: FrameFont;
  color: Rgb;
}

export interface Logo {
  bytes: Buffer;
  mime: string;
}

export interface Scene {
  width: number;
  height: number;
  background?: Rgb;
  layers: Layer[];
  texts: TextItem[];
  logo?: { x: number; y: number; size: number; image: Logo };
}

/** docs/sandbox.md, "QR designs": each font of spec §2.6, the family tried first, and the installed fallback. */
export interface FrameFont {
  family: string;
  fallback: 'Liberation Sans' | 'Liberation Serif' | 'Liberation Mono' | 'DejaVu Sans' | 'DejaVu Sans Condensed';
  bold: boolean;
  /** the PDF/PostScript standard font that stands for it */
  standard: 'Helvetica' | 'Helvetica-Bold' | 'Times-Roman' | 'Courier';
}

const FONT_TABLE: Record<string, Omit<FrameFont, 'family'>> = {
  Arial: { fallback: 'Liberation Sans', bold: true, standard: 'Helvetica-Bold' },
  'Arial Black': { fallback: 'Liberation Sans', bold: true, standard: 'Helvetica-Bold' },
  'Comic Sans MS': { fallback: 'DejaVu Sans', bold: false, standard: 'Helvetica' },
  'Courier New': { fallback: 'Liberation Mono', bold: true, standard: 'Courier' },
  Helvetica: { fallback: 'Liberation Sans', bold: true, standard: 'Helvetica-Bold' },
  Impact: { fallback: 'DejaVu Sans Condensed', bold: true, standard: 'Helvetica-Bold' },
  Tahoma: { fallback: 'DejaVu Sans', bold: true, standard: 'Helvetica-Bold' },
  'Times New Roman': { fallback: 'Liberation Serif', bold: true, standard: 'Times-Roman' },
  Verdana: { fallback: 'DejaVu Sans', bold: true, standard: 'Helvetica-Bold' },
  Roboto: { fallback: 'Liberation Sans', bold: true, standard: 'Helvetica-Bold' },
  Lato: { fallback: 'Liberation Sans', bold: true, standard: 'Helvetica-Bold' },
  Oswald: { fallback: 'DejaVu Sans Condensed', bold: true, standard: 'Helvetica-Bold' },
  'Slabo 27px': { fallback: 'Liberation Serif', bold: false, standard: 'Times-Roman' },
  'Roboto Condensed': { fallback: 'DejaVu Sans Condensed', bold: false, standard: 'Helvetica' },
  Montserrat: { fallback: 'DejaVu Sans', bold: true, standard: 'Helvetica-Bold' },
  'Source Sans Pro': { fallback: 'Liberation Sans', bold: false, standard: 'Helvetica' },
  RaleWay: { fallback: 'DejaVu Sans', bold: false, standard: 'Helvetica' },
  'PT Sans': { fallback: 'Liberation Sans', bold: false, standard: 'Helvetica' },
};

export function frameFont(name: string | undefined): FrameFont {
  const family = name && FONT_TABLE[name] ? name : 'Arial';
  return { family, ...FONT_TABLE[family]! };
}

export function hexRgb(value: string | undefined, fallback: Rgb): Rgb {
  if (!value) return fallback;
  let hex = value.replace(/^#/, '');
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  if (!/^[0-9a-fA-F]{6}/.test(hex)) return fallback;
  const n = parseInt(hex.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** relative luminance (WCAG), 0 black to 1 white */
export function luminance([r, g, b]: Rgb): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** spec §2.6 grdType / frameColorType over a box */
export function gradient(type: string | undefined, from: Rgb, to: Rgb, x: number, y: number, w: number, h: number): Paint {
  switch (type) {
    case 'radial':
      return { kind: 'radial', cx: x + w / 2, cy: y + h / 2, r: Math.max(w, h) / 2, from, to };
    case 'upDown':
      return { kind: 'linear', x1: x, y1: y, x2: x, y2: y + h, from, to };
    case 'downUp':
      return { kind: 'linear', x1: x, y1: y + h, x2: x, y2: y, from, to };
    case 'diagonal1':
      return { kind: 'linear', x1: x, y1: y, x2: x + w, y2: y + h, from, to };
    case 'diagonal2':
      return { kind: 'linear', x1: x, y1: y + h, x2: x + w, y2: y, from, to };
    default: // linear: left to right
      return { kind: 'linear', x1: x, y1: y, x2: x + w, y2: y, from, to };
  }
}

const num = (v: string | undefined, prefix: string) => (v ? Number(v.slice(prefix.length)) : 0);

/** frames that carry a secondary colour (spec §2.6) */
export const TWO_COLOUR_FRAMES = [5, 6, 10, 13, 14];

/** The frame designs, 1–16 (docs/sandbox.md, "QR designs"). */
export const FRAME_NAMES = [
  '', 'box, label below', 'box, label above', 'rounded box, label below', 'rounded box, label above', 'box, two-colour label below',
  'speech bubble below (two colours)', 'text below, no box', 'text above, no box', 'thick border, text in it', 'double border (two colours)',
  'corner brackets, text below', 'pill label below', 'rounded box, pill label above (two colours)', 'banner top and bottom (two colours)',
  'box with a tab, label below', 'box with a shadow, label below',
] as const;

interface Layout {
  qr: { x: number; y: number; side: number };
  band?: { x: number; y: number; w: number; h: number; where: 'top' | 'bottom' };
}

/** Where the code and the label go in a square canvas of side S for frame f. */
function layout(f: number, S: number): Layout {
  if (!f) return { qr: { x: 0, y: 0, side: S } };
  const pad = S * 0.05;
  const bandH = S * 0.17;
  const top = [2, 4, 8, 13].includes(f);
  const side = S - 2 * pad - bandH;
  const x = (S - side) / 2;
  const y = top ? pad + bandH : pad;
  return { qr: { x, y, side }, band: { x: pad, y: top ? pad : y + side, w: S - 2 * pad, h: bandH, where: top ? 'top' : 'bottom' } };
}

/** The frame's shapes and its label (drawn under and over the code). */
function frameLayers(f: number, S: number, l: Layout, q: QrConfig, text: string): { under: Layer[]; over: Layer[]; texts: TextItem[] } {
  const primary = hexRgb(q.frameColor, BLACK);
  const secondary = hexRgb(q.frameColor2, [80, 80, 80]);
  const band = l.band!;
  const box = { x: band.x, y: Math.min(band.y, l.qr.y), w: band.w, h: l.qr.side + band.h };
  const fill: Paint = q.frameColorType && q.frameColorType !== 'fill'
    ? gradient(q.frameColorType, hexRgb(q.frameGradientStartColor, primary), hexRgb(q.frameGradientEndColor, secondary), box.x, box.y, box.w, box.h)
    : { kind: 'solid', color: primary };
  const solid = (color: Rgb): Paint => ({ kind: 'solid', color });
  const t = S * 0.018; // border thickness
  const ring = (x: number, y: number, w: number, h: number, r: number, th: number): Cmd[] => [...roundRect(x, y, w, h, r), ...roundRect(x + th, y + th, w - 2 * th, h - 2 * th, Math.max(0, r - th))];
  const under: Layer[] = [];
  const over: Layer[] = [];
  let labelOn: Rgb | undefined = primary; // the colour behind the text; undefined: the page
  const bandRect = (r: number | [number, number, number, number], paint: Paint) => under.push({ path: roundRect(band.x, band.y, band.w, band.h, r), paint });
  const border = (r: number, th = t, paint = fill) => over.push({ path: ring(box.x, box.y, box.w, box.h, r, th), paint });
  const radius = S * 0.04;
  switch (f) {
    case 1: case 2: border(0); bandRect(0, fill); break;
    case 3: border(radius); bandRect(band.where === 'bottom' ? [0, 0, radius, radius] : [radius, radius, 0, 0], fill); break;
    case 4: border(radius); bandRect([radius, radius, 0, 0], fill); break;
    case 5: border(0); bandRect(0, solid(secondary)); labelOn = secondary; break;
    case 6: {
      border(radius);
      const b = { x: band.x + band.w * 0.1, y: band.y + band.h * 0.22, w: band.w * 0.8, h: band.h * 0.72 };
      under.push({ path: [...roundRect(b.x, b.y, b.w, b.h, b.h / 2), ...polygon([[S / 2 - band.h * 0.2, b.y + 1], [S / 2, band.y + 1], [S / 2 + band.h * 0.2, b.y + 1]])], paint: solid(secondary) });
      labelOn = secondary;
      break;
    }
    case 7: case 8: labelOn = undefined; break;
    case 9: border(0, S * 0.04); bandRect(0, fill); break;
    case 10: border(0); over.push({ path: ring(box.x + t * 2, box.y + t * 2, box.w - t * 4, box.h - t * 4, 0, t), paint: solid(secondary) }); bandRect(0, fill); break;
    case 11: {
      const arm = box.w * 0.18;
      for (const [cx, cy, dx, dy] of [[box.x, box.y, 1, 1], [box.x + box.w, box.y, -1, 1], [box.x, box.y + l.qr.side, 1, -1], [box.x + box.w, box.y + l.qr.side, -1, -1]] as const) {
        const xs = dx > 0 ? cx : cx - arm;
        const ys = dy > 0 ? cy : cy - t * 1.5;
        over.push({ path: roundRect(xs, ys, arm, t * 1.5), paint: fill });
        over.push({ path: roundRect(dx > 0 ? cx : cx - t * 1.5, dy > 0 ? cy : cy - arm, t * 1.5, arm), paint: fill });
      }
      labelOn = undefined;
      break;
    }
    case 12: under.push({ path: roundRect(band.x + band.w * 0.15, band.y + band.h * 0.15, band.w * 0.7, band.h * 0.7, band.h * 0.35), paint: fill }); break;
    case 13: border(radius); under.push({ path: roundRect(band.x + band.w * 0.15, band.y + band.h * 0.15, band.w * 0.7, band.h * 0.7, band.h * 0.35), paint: solid(secondary) }); labelOn = secondary; break;
    case 14: under.push({ path: roundRect(band.x, l.qr.y - band.h * 0.25, band.w, band.h * 0.25), paint: solid(secondary) }); bandRect(0, fill); break;
    case 15: border(0); bandRect(0, fill); under.push({ path: roundRect(S / 2 - band.w * 0.15, box.y - band.h * 0.2, band.w * 0.3, band.h * 0.2 + t, [band.h * 0.1, band.h * 0.1, 0, 0]), paint: fill }); break;
    case 16: {
      const off = S * 0.015;
      under.push({ path: roundRect(box.x + off, box.y + off, box.w, box.h, radius), paint: solid(BLACK), opacity: 0.25 });
      under.push({ path: roundRect(box.x, box.y, box.w, box.h, radius), paint: solid(WHITE) });
      border(radius);
      bandRect([0, 0, radius, radius], fill);
      break;
    }
  }
  const font = frameFont(q.frameTextFont);
  const size = Math.min(band.h * 0.46, (band.w * 0.8) / Math.max(1, text.length * 0.62));
  const color: Rgb = labelOn === undefined ? primary : luminance(labelOn) > 0.45 ? BLACK : WHITE;
  const texts: TextItem[] = text ? [{ text, x: S / 2, y: band.y + band.h / 2 + size * 0.36, size, font, color }] : [];
  return { under, over, texts };
}

export interface DesignInput {
  text: string;
  config: QrConfig;
  sizePx: number;
  logo?: Logo;
}

/** The scene of a design: background, frame, modules, eyes, logo, label; `encoder`: the qrcode package. */
export function buildScene(d: DesignInput, encoder: typeof QRCode): Scene {
  const q = d.config;
  const S = Math.round(d.sizePx);
  // spec §2.6 logo: the error correction raised to H so that the covered centre is recovered
  const qr = encoder.create(d.text, { errorCorrectionLevel: d.logo ? 'H' : 'M' });
  const n = qr.modules.size;
  const dark = (x: number, y: number) => qr.modules.get(y, x) === 1;
  const f = q.frame ?? 0;
  const l = layout(f, S);
  const quiet = 4;
  // whole-pixel modules where there is room: crisp edges, no anti-aliased seams for readers to misjudge
  const exact = l.qr.side / (n + 2 * quiet);
  const u = exact >= 3 ? Math.floor(exact) : exact;
  const margin = (l.qr.side - n * u) / 2;
  const ox = Math.round(l.qr.x + margin);
  const oy = Math.round(l.qr.y + margin);
  const background = hexRgb(q.backgroundColor, WHITE);
  const layers: Layer[] = [];
  const texts: TextItem[] = [];
  const frame = f ? frameLayers(f, S, l, q, q.frameText ?? 'SCAN ME') : undefined;
  if (frame) layers.push(...frame.under);
  // the code's own background (with the quiet zone) stays behind the code even with a frame
  if (f && !q.transparentBkg) layers.push({ path: roundRect(l.qr.x, l.qr.y, l.qr.side, l.qr.side), paint: { kind: 'solid', color: background } });

  const eyeAt = (x: number, y: number): 'tl' | 'tr' | 'bl' | undefined => (x < 7 && y < 7 ? 'tl' : x >= n - 7 && y < 7 ? 'tr' : x < 7 && y >= n - 7 ? 'bl' : undefined);
  const logoModules = d.logo ? Math.floor(n * 0.22) | 1 : 0; // an odd number of modules, centred
  const logoStart = (n - logoModules) / 2;
  const underLogo = (x: number, y: number) => logoModules > 0 && x >= logoStart - 1 && x < logoStart + logoModules + 1 && y >= logoStart - 1 && y < logoStart + logoModules + 1;
  const codeBox = { x: ox, y: oy, w: n * u, h: n * u };
  const dot: Paint = q.gradient
    ? gradient(q.grdType, hexRgb(q.color01, hexRgb(q.colorDark, BLACK)), hexRgb(q.color02, hexRgb(q.colorDark, BLACK)), codeBox.x, codeBox.y, codeBox.w, codeBox.h)
    : { kind: 'solid', color: hexRgb(q.colorDark, BLACK) };
  // alignment patterns keep square modules whatever the pattern: readers look for their 1:1:1 rings
  const alignments = alignmentCentres(qr.version);
  const inAlignment = (x: number, y: number) => alignments.some(([ax, ay]) => Math.abs(x - ax) <= 2 && Math.abs(y - ay) <= 2);
  layers.push({ path: modulePath(num(q.qrData, 'pattern'), n, dark, (x, y) => eyeAt(x, y) !== undefined || underLogo(x, y) || inAlignment(x, y), ox, oy, u), paint: dot });
  for (const [ax, ay] of alignments) {
    if (underLogo(ax, ay)) continue;
    const x = ox + (ax - 2) * u;
    const y = oy + (ay - 2) * u;
    layers.push({ path: [...roundRect(x, y, 5 * u, 5 * u), ...roundRect(x + u, y + u, 3 * u, 3 * u), ...roundRect(x + 2 * u, y + 2 * u, u, u)], paint: dot });
  }
  const outerPaint: Paint = q.eye_color ? { kind: 'solid', color: hexRgb(q.eye_color01, hexRgb(q.colorDark, BLACK)) } : dot;
  const innerPaint: Paint = q.eye_color ? { kind: 'solid', color: hexRgb(q.eye_color02, hexRgb(q.colorDark, BLACK)) } : dot;
  for (const [ex, ey, at] of [[0, 0, 'tl'], [n - 7, 0, 'tr'], [0, n - 7, 'bl']] as const) {
    layers.push({ path: eyeOuterPath(num(q.eye_outer, 'eyeOuter'), ox + ex * u, oy + ey * u, u, at), paint: outerPaint });
    layers.push({ path: eyeInnerPath(num(q.eye_inner, 'eyeInner'), ox + (ex + 2) * u, oy + (ey + 2) * u, u, at), paint: innerPaint });
  }
  let logo: Scene['logo'];
  if (d.logo) {
    const side = logoModules * u;
    const x = ox + logoStart * u;
    const y = oy + logoStart * u;
    // a pad of the background colour behind the logo, so that its edges never read as modules
    layers.push({ path: roundRect(x - u * 0.5, y - u * 0.5, side + u, side + u, u), paint: { kind: 'solid', color: q.transparentBkg ? WHITE : background } });
    logo = { x, y, size: side, image: d.logo };
  }
  if (frame) {
    layers.push(...frame.over);
    texts.push(...frame.texts);
  }
  return { width: S, height: S, background: q.transparentBkg ? undefined : (f ? WHITE : background), layers, texts, logo };
}

export { circle };
