import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sendText } from '../http.js';
import type { SandboxInstance } from '../instance.js';
import { renderQr } from '../qr/index.js';
import { PRESETS } from '../qr/presets.js';
import { designFor, logoFileOf } from '../qrDesign.js';
import { readDoc } from '../repo/forms.js';
import { RouteTable, type PathRoute } from '../routing.js';
import { links } from '../routes/formViews.js';
import { analyticsCsv } from './exports.js';
import { probe, submit, thanks, visit } from './form.js';
import { Throttle } from '../throttle.js';

/** What people and QR scanners reach without a key: the form page, QR images, files, CSV exports. */
interface PublicContext {
  sb: SandboxInstance;
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  origin: string;
  url: URL;
}

interface PublicRoute extends PathRoute {
  handler(ctx: PublicContext): void | Promise<void>;
}

function notFound(res: ServerResponse): void {
  sendText(res, 404, 'Not found\n');
}

/**
 * The QR images last drawn, by link, format and design: anyone may ask for a form's image again and
 * again, and drawing a large one (4096 px) holds the sandbox for a third of a second each time.
 */
interface Drawings {
  /** the images, least recently served first */
  images: Map<string, Buffer>;
  /** by form, format and design: the link last drawn into it */
  links: Map<string, string>;
  /** drawings of a design already drawn for another link, per client address */
  relinks: Throttle;
}
const drawingsBy = new WeakMap<SandboxInstance, Drawings>();
const DRAWN_MAX = 64;

async function qrImage({ sb, params, req, res, origin }: PublicContext): Promise<void> {
  const row = sb.store.forms.find(params.qrId!);
  if (!row || row.archived === 1 || (params.format !== 'png' && params.format !== 'svg')) return notFound(res);
  const format = params.format as 'png' | 'svg';
  const shortUrl = links(origin, row.qr_id).shortUrl;
  const qrConfig = readDoc(row).qrConfig;
  // the logo's bytes are the file's, fixed by its id (read only to draw): which file is part of the drawing
  const designKey = JSON.stringify([row.qr_id, format, qrConfig ?? null, logoFileOf(sb.store, qrConfig?.logo, row.account_id)?.id ?? null]);
  const key = `${shortUrl}\n${designKey}`;
  let d = drawingsBy.get(sb);
  if (!d) drawingsBy.set(sb, (d = { images: new Map(), links: new Map(), relinks: new Throttle(60, 5 * 60_000) }));
  let bytes = d.images.get(key);
  if (bytes) d.images.delete(key); // served again: the most recent now
  else {
    // the link in the image follows the Host a client sends: a client that changes it would have the
    // same design drawn again each time, so such drawings are counted per address (docs/sandbox.md)
    const last = d.links.get(designKey);
    const hit = last !== undefined && last !== shortUrl ? d.relinks.hit(req.socket.remoteAddress ?? '', Date.now()) : { ok: true as const };
    if (!hit.ok) {
      res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(hit.retryAfterSeconds) }).end('Too many QR images drawn again for other links from this address: try again later\n');
      return;
    }
    bytes = await renderQr(shortUrl, format, await designFor(sb.store, row.account_id, qrConfig));
    d.links.delete(designKey);
    d.links.set(designKey, shortUrl);
    if (d.links.size > DRAWN_MAX * 4) d.links.delete(d.links.keys().next().value!);
  }
  d.images.set(key, bytes);
  if (d.images.size > DRAWN_MAX) d.images.delete(d.images.keys().next().value!);
  res.writeHead(200, { 'content-type': format === 'png' ? 'image/png' : 'image/svg+xml' }).end(bytes);
}

/** A preset's preview (GET /qr-design-templates previewUrl): the design drawn on an example link. */
async function presetPreview({ params, res }: PublicContext): Promise<void> {
  const preset = PRESETS.find((p) => `${p.id}.png` === params.file);
  if (!preset) return notFound(res);
  const bytes = await renderQr(`https://example.com/preset/${preset.id}`, 'png', { config: preset.config, sizePx: 240 });
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }).end(bytes);
}

/** Types a browser shows without running anything: the rest (SVG, PDF, HTML, office files) download. */
const PASSIVE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/|video\/|text\/(plain|csv)$)/;

/**
 * Uploaded files at their fileUrl; the path is the server's id, so nothing else on disk is reachable.
 * Anyone can upload through a form page, so what comes back never runs on this origin: no sniffing,
 * the default policy's `sandbox`, and active types only as attachments.
 */
async function servedFile({ sb, params, res }: PublicContext): Promise<void> {
  const row = /^[0-9a-f]{24}$/.test(params.fileId!) ? sb.store.files.get(params.fileId!) : undefined;
  // a page submit's file waiting for its retry is no one's yet: not served to anyone
  if (!row || row.category === 'pending') return notFound(res);
  // opened before anything is sent: a file removed meanwhile (an upload deleted while its GET was on
  // its way) is a 404, and an error of the read stream is never left without a listener
  let file;
  try {
    file = await open(join(sb.store.filesDir, row.id), 'r');
  } catch {
    return notFound(res);
  }
  const disposition = PASSIVE.test(row.mime) ? 'inline' : 'attachment';
  res.writeHead(200, { 'content-type': row.mime, 'content-disposition': contentDisposition(disposition, row.name) });
  // a client that goes away mid-file ends the pipeline with an error: nothing more to send
  await pipeline(file.createReadStream(), res).catch(() => res.destroy());
}

/**
 * The header for a name a visitor chose: an ASCII fallback without quotes, backslashes or control
 * characters, and the exact name in RFC 6266's filename* (percent-encoded UTF-8).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const PUBLIC_ROUTES = new RouteTable<PublicRoute>([
  // the short link (spec §2.1): the form page, a scan per visit; a submit posts back to it
  { method: 'GET', path: '/s/:qrId', handler: ({ sb, params, req, res }) => visit(sb, params.qrId!, req, res) },
  { method: 'POST', path: '/s/:qrId', handler: ({ sb, params, req, res }) => submit(sb, params.qrId!, req, res) },
  // after a submit (Post/Redirect/Get): the thank-you page or quiz result; a reload creates nothing
  { method: 'GET', path: '/s/:qrId/thanks', handler: ({ sb, params, url, req, res }) => thanks(sb, params.qrId!, url, req, res) },
  { method: 'GET', path: '/qr/:qrId.:format', handler: qrImage },
  { method: 'GET', path: '/files/:fileId', handler: servedFile },
  { method: 'GET', path: '/presets/:file', handler: presetPreview },
  { method: 'GET', path: '/exports/:file', handler: ({ sb, params, res }) => analyticsCsv(sb, params.file!, res) },
]);

/**
 * false when no public route matches. HEAD is answered wherever GET is (RFC 9110 §9.3.2: Node sends
 * the headers alone), and a short link's without the visit a GET records.
 */
export function handlePublic(sb: SandboxInstance, req: IncomingMessage, res: ServerResponse, url: URL, origin: string): false | void | Promise<void> {
  const head = req.method === 'HEAD';
  const match = PUBLIC_ROUTES.match(head ? 'GET' : (req.method ?? 'GET'), url.pathname);
  if (!match) return false;
  if (head && match.route.path === '/s/:qrId') return probe(sb, match.params.qrId!, res);
  return match.route.handler({ sb, req, res, params: match.params, origin, url });
}
