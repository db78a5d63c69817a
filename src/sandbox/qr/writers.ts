import { deflateSync } from 'node:zlib';
import type { Cmd } from './shapes.js';
import type { Layer, Paint, Rgb, Scene, TextItem } from './scene.js';

// One scene, four formats: SVG (also the source of the PNG), PDF and EPS written as drawing operators.

const f3 = (n: number) => (Math.round(n * 1000) / 1000).toString();
const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
// what XML cannot hold (control characters, half a surrogate pair) is left out: a design stored before
// frameText was checked still draws
const esc = (s: string) =>
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function svgPath(cmds: Cmd[]): string {
  return cmds.map((c) => (c[0] === 'Z' ? 'Z' : `${c[0]}${c.slice(1).map((v) => f3(v as number)).join(' ')}`)).join('');
}

function svgPaint(p: Paint, id: string, defs: string[]): string {
  if (p.kind === 'solid') return hex(p.color);
  const stops = `<stop offset="0" stop-color="${hex(p.from)}"/><stop offset="1" stop-color="${hex(p.to)}"/>`;
  if (p.kind === 'linear') defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f3(p.x1)}" y1="${f3(p.y1)}" x2="${f3(p.x2)}" y2="${f3(p.y2)}">${stops}</linearGradient>`);
  else defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f3(p.cx)}" cy="${f3(p.cy)}" r="${f3(p.r)}">${stops}</radialGradient>`);
  return `url(#${id})`;
}

/** the logo as the SVG <image> takes it; an SVG logo is embedded as an image too (never inlined) */
function dataUri(image: { bytes: Buffer; mime: string }): string {
  return `data:${image.mime};base64,${image.bytes.toString('base64')}`;
}

/**
 * The SVG of a scene. A downloaded SVG names the design's font first, for viewers that have it; the
 * SVG the PNG is rendered from names the installed fallback only (resvg takes no fallback list).
 */
export function toSvg(scene: Scene, opts: { forRaster?: boolean } = {}): string {
  const defs: string[] = [];
  const body: string[] = [];
  if (scene.background) body.push(`<rect width="${scene.width}" height="${scene.height}" fill="${hex(scene.background)}"/>`);
  scene.layers.forEach((l: Layer, i) => {
    const fill = svgPaint(l.paint, `p${i}`, defs);
    body.push(`<path fill-rule="evenodd" fill="${fill}"${l.opacity !== undefined ? ` fill-opacity="${l.opacity}"` : ''} d="${svgPath(l.path)}"/>`);
  });
  if (scene.logo) {
    const { x, y, size, image } = scene.logo;
    body.push(`<image x="${f3(x)}" y="${f3(y)}" width="${f3(size)}" height="${f3(size)}" preserveAspectRatio="xMidYMid meet" href="${dataUri(image)}"/>`);
  }
  for (const t of scene.texts) {
    body.push(`<text x="${f3(t.x)}" y="${f3(t.y)}" text-anchor="middle" font-family="${opts.forRaster ? t.font.fallback : `'${esc(t.font.family)}', '${t.font.fallback}', sans-serif`}" font-weight="${t.font.bold ? 700 : 400}" font-size="${f3(t.size)}" fill="${hex(t.color)}">${esc(t.text)}</text>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}">${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${body.join('')}</svg>\n`;
}

// ── PDF and PostScript share the operators' shape; y grows upwards there ───────

interface Ops {
  move: string;
  line: string;
  curve: string;
  close: string;
  rgb: string;
  fill: string;
  clip: string;
}
const PDF_OPS: Ops = { move: 'm', line: 'l', curve: 'c', close: 'h', rgb: 'rg', fill: 'f*', clip: 'W* n' };
const PS_OPS: Ops = { move: 'moveto', line: 'lineto', curve: 'curveto', close: 'closepath', rgb: 'setrgbcolor', fill: 'eofill', clip: 'eoclip newpath' };

function pathOps(cmds: Cmd[], H: number, o: Ops): string {
  const y = (v: number) => f3(H - v);
  return cmds
    .map((c) => {
      switch (c[0]) {
        case 'M': return `${f3(c[1])} ${y(c[2])} ${o.move}`;
        case 'L': return `${f3(c[1])} ${y(c[2])} ${o.line}`;
        case 'C': return `${f3(c[1])} ${y(c[2])} ${f3(c[3])} ${y(c[4])} ${f3(c[5])} ${y(c[6])} ${o.curve}`;
        default: return o.close;
      }
    })
    .join('\n');
}

const rgb01 = (c: Rgb) => c.map((v) => f3(v / 255)).join(' ');

/** A shading dictionary (PDF and PostScript level 3 write it alike). */
function shading(p: Exclude<Paint, { kind: 'solid' }>, H: number): string {
  const fn = `<< /FunctionType 2 /Domain [0 1] /C0 [${rgb01(p.from)}] /C1 [${rgb01(p.to)}] /N 1 >>`;
  return p.kind === 'linear'
    ? `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [${f3(p.x1)} ${f3(H - p.y1)} ${f3(p.x2)} ${f3(H - p.y2)}] /Function ${fn} /Extend [true true] >>`
    : `<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [${f3(p.cx)} ${f3(H - p.cy)} 0 ${f3(p.cx)} ${f3(H - p.cy)} ${f3(p.r)}] /Function ${fn} /Extend [true true] >>`;
}

/** The logo as RGB pixels composited on white (PDF and EPS take raw samples). */
export interface Raster {
  width: number;
  height: number;
  rgb: Buffer;
}

function textWidth(t: TextItem): number {
  const per = t.font.standard === 'Courier' ? 0.6 : t.font.standard === 'Times-Roman' ? 0.5 : t.font.standard === 'Helvetica-Bold' ? 0.61 : 0.56;
  return t.text.length * per * t.size;
}

const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')})`;

export function toPdf(scene: Scene, logo?: Raster): Buffer {
  const H = scene.height;
  const ops: string[] = [];
  const shadings: string[] = [];
  const alphas: string[] = [];
  if (scene.background) ops.push(`${rgb01(scene.background)} rg 0 0 ${scene.width} ${H} re f`);
  for (const l of scene.layers) {
    const path = pathOps(l.path, H, PDF_OPS);
    const alpha = l.opacity !== undefined ? `/A${alphas.push(`<< /ca ${l.opacity} >>`) - 1} gs ` : '';
    if (l.paint.kind === 'solid') ops.push(`q ${alpha}${rgb01(l.paint.color)} rg\n${path}\nf* Q`);
    else ops.push(`q ${alpha}${path}\nW* n /Sh${shadings.push(shading(l.paint, H)) - 1} sh Q`);
  }
  if (scene.logo && logo) ops.push(`q ${f3(scene.logo.size)} 0 0 ${f3(scene.logo.size)} ${f3(scene.logo.x)} ${f3(H - scene.logo.y - scene.logo.size)} cm /Logo Do Q`);
  const fonts = [...new Set(scene.texts.map((t) => t.font.standard))];
  for (const t of scene.texts) {
    ops.push(`BT /F${fonts.indexOf(t.font.standard)} ${f3(t.size)} Tf ${rgb01(t.color)} rg ${f3(t.x - textWidth(t) / 2)} ${f3(H - t.y)} Td ${pdfString(t.text)} Tj ET`);
  }
  const content = Buffer.from(ops.join('\n'), 'latin1');
  // objects: 1 catalog, 2 pages, 3 page, 4 content, then fonts and the logo image
  const objects: Array<string | Buffer> = [];
  const add = (body: string | Buffer) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add('PAGE'); // filled in below, once the resource numbers are known
  add(Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]));
  const fontRefs = fonts.map((name) => `/F${fonts.indexOf(name)} ${add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`)} 0 R`);
  let logoRef = '';
  if (scene.logo && logo) {
    const data = deflateSync(logo.rgb);
    logoRef = `/XObject << /Logo ${add(Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]))} 0 R >>`;
  }
  const resources = [
    fontRefs.length ? `/Font << ${fontRefs.join(' ')} >>` : '',
    shadings.length ? `/Shading << ${shadings.map((s, i) => `/Sh${i} ${s}`).join(' ')} >>` : '',
    alphas.length ? `/ExtGState << ${alphas.map((a, i) => `/A${i} ${a}`).join(' ')} >>` : '',
    logoRef,
  ].filter(Boolean).join(' ');
  objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${scene.width} ${H}] /Contents 4 0 R /Resources << ${resources} >> >>`;
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    at += chunk.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) tail += `${String(o).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

export function toEps(scene: Scene, logo?: Raster): Buffer {
  const H = scene.height;
  const out: string[] = [
    '%!PS-Adobe-3.0 EPSF-3.0', `%%BoundingBox: 0 0 ${scene.width} ${H}`, '%%LanguageLevel: 3', '%%Title: QR code', '%%EndComments',
  ];
  if (scene.background) out.push(`${rgb01(scene.background)} setrgbcolor 0 0 ${scene.width} ${H} rectfill`);
  for (const l of scene.layers) {
    const path = `newpath\n${pathOps(l.path, H, PS_OPS)}`;
    // PostScript has no transparency: a shadow is mixed with white at its opacity
    const tint = (c: Rgb): Rgb => (l.opacity === undefined ? c : (c.map((v) => Math.round(255 - (255 - v) * l.opacity!)) as Rgb));
    if (l.paint.kind === 'solid') out.push(`${rgb01(tint(l.paint.color))} setrgbcolor\n${path}\neofill`);
    else out.push(`gsave\n${path}\neoclip newpath\n${shading(l.paint, H)} shfill\ngrestore`);
  }
  if (scene.logo && logo) {
    const { x, y, size } = scene.logo;
    out.push(`gsave ${f3(x)} ${f3(H - y - size)} translate ${f3(size)} ${f3(size)} scale`);
    out.push(`${logo.width} ${logo.height} 8 [${logo.width} 0 0 -${logo.height} 0 ${logo.height}] currentfile /ASCIIHexDecode filter false 3 colorimage`);
    out.push(`${logo.rgb.toString('hex').replace(/(.{128})/g, '$1\n')}>`);
    out.push('grestore');
  }
  for (const t of scene.texts) {
    const s = pdfString(t.text);
    out.push(`/${t.font.standard} findfont ${f3(t.size)} scalefont setfont ${rgb01(t.color)} setrgbcolor ${f3(t.x)} ${f3(H - t.y)} moveto ${s} dup stringwidth pop 2 div neg 0 rmoveto show`);
  }
  out.push('showpage', '%%EOF', '');
  return Buffer.from(out.join('\n'), 'latin1');
}
