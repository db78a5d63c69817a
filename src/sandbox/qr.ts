import QRCode from 'qrcode';
import type { QrConfig } from '../domain/form.js';

export const QR_FORMATS = ['png', 'svg', 'pdf', 'eps'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

export const CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

const MARGIN = 4; // quiet zone in modules, as the QR standard asks

function normaliseHex(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  let hex = value.replace(/^#/, '');
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  return `#${hex.slice(0, 6).toLowerCase()}`;
}

export interface QrStyle {
  dark: string; // #rrggbb
  light: string; // #rrggbb
  transparent: boolean;
  sizePx: number;
}

/** The qrConfig properties the sandbox draws (spec §2.6): colours, transparency and size. */
export function qrStyle(config: QrConfig | undefined, resolution?: number): QrStyle {
  return {
    dark: normaliseHex(config?.colorDark, '#000000'),
    light: normaliseHex(config?.backgroundColor, '#ffffff'),
    transparent: config?.transparentBkg === true,
    sizePx: Math.round(resolution ?? config?.size ?? 300),
  };
}

function rgb01(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function matrix(text: string): { size: number; dark(x: number, y: number): boolean } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}

/** Dark modules merged into horizontal runs: fewer drawing operations in PDF and EPS. */
function runs(text: string): { total: number; rects: Array<[number, number, number]> } {
  const m = matrix(text);
  const rects: Array<[number, number, number]> = [];
  for (let y = 0; y < m.size; y++) {
    let x = 0;
    while (x < m.size) {
      if (!m.dark(x, y)) { x++; continue; }
      const start = x;
      while (x < m.size && m.dark(x, y)) x++;
      rects.push([start + MARGIN, y + MARGIN, x - start]);
    }
  }
  return { total: m.size + 2 * MARGIN, rects };
}

function vectorOps(text: string, style: QrStyle, flipY: boolean, fill: (r: number, g: number, b: number) => string, rect: (x: number, y: number, w: number, h: number) => string): string {
  const { total, rects } = runs(text);
  const unit = style.sizePx / total;
  const ops: string[] = [];
  if (!style.transparent) {
    ops.push(fill(...rgb01(style.light)), rect(0, 0, style.sizePx, style.sizePx));
  }
  ops.push(fill(...rgb01(style.dark)));
  for (const [x, y, w] of rects) {
    const top = flipY ? style.sizePx - (y + 1) * unit : y * unit;
    ops.push(rect(+(x * unit).toFixed(3), +top.toFixed(3), +(w * unit).toFixed(3), +unit.toFixed(3)));
  }
  return ops.join('\n');
}

function pdf(text: string, style: QrStyle): Buffer {
  const f = (n: number) => n.toFixed(3);
  const content = vectorOps(text, style, true, (r, g, b) => `${f(r)} ${f(g)} ${f(b)} rg`, (x, y, w, h) => `${x} ${y} ${w} ${h} re f`);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${style.sizePx} ${style.sizePx}] /Contents 4 0 R /Resources << >> >>`,
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function eps(text: string, style: QrStyle): Buffer {
  const f = (n: number) => n.toFixed(3);
  const body = vectorOps(text, style, true, (r, g, b) => `${f(r)} ${f(g)} ${f(b)} setrgbcolor`, (x, y, w, h) => `${x} ${y} ${w} ${h} rectfill`);
  return Buffer.from(
    `%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 ${style.sizePx} ${style.sizePx}\n%%Title: QR code\n%%EndComments\n${body}\nshowpage\n%%EOF\n`,
    'latin1',
  );
}

/** A real QR code of `text` in the requested format (spec §4.1 download). */
export async function renderQr(text: string, format: QrFormat, style: QrStyle): Promise<Buffer> {
  const color = { dark: `${style.dark}ff`, light: style.transparent ? '#ffffff00' : `${style.light}ff` };
  switch (format) {
    case 'png':
      return QRCode.toBuffer(text, { type: 'png', width: style.sizePx, margin: MARGIN, errorCorrectionLevel: 'M', color });
    case 'svg':
      return Buffer.from(await QRCode.toString(text, { type: 'svg', width: style.sizePx, margin: MARGIN, errorCorrectionLevel: 'M', color }));
    case 'pdf':
      return pdf(text, style);
    case 'eps':
      return eps(text, style);
  }
}
