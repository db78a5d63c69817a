import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sendText } from '../http.js';
import type { SandboxInstance } from '../instance.js';
import { qrStyle, renderQr } from '../qr.js';
import { readDoc } from '../repo/forms.js';
import { RouteTable, type PathRoute } from '../routing.js';
import { links } from '../routes/formViews.js';

/** What people and QR scanners reach without a key: short links, QR images, uploaded files. */
interface PublicRoute extends PathRoute {
  handler(sb: SandboxInstance, params: Record<string, string>, res: ServerResponse, origin: string): void | Promise<void>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function notFound(res: ServerResponse): void {
  sendText(res, 404, 'Not found\n');
}

/** The public short link (spec §2.1 shortUrl): a minimal page of the form; counts a scan. */
function shortLink(sb: SandboxInstance, params: Record<string, string>, res: ServerResponse): void {
  const row = sb.store.forms.find(params.qrId!);
  if (!row || row.archived === 1) return notFound(res);
  const doc = readDoc(row);
  sb.store.forms.addScan(row.seq);
  const items = doc.fields.map((f) => `<li>${escapeHtml(String(f.option.label ?? f.type))}</li>`).join('');
  sendText(res, 200, `<!doctype html><title>${escapeHtml(doc.title)}</title><h1>${escapeHtml(doc.title)}</h1><p>${escapeHtml(doc.shortText)}</p><ol>${items}</ol>`, 'text/html; charset=utf-8');
}

async function qrImage(sb: SandboxInstance, params: Record<string, string>, res: ServerResponse, origin: string): Promise<void> {
  const row = sb.store.forms.find(params.qrId!);
  if (!row || row.archived === 1 || (params.format !== 'png' && params.format !== 'svg')) return notFound(res);
  const format = params.format as 'png' | 'svg';
  const bytes = await renderQr(links(origin, row.qr_id).shortUrl, format, qrStyle(readDoc(row).qrConfig));
  res.writeHead(200, { 'content-type': format === 'png' ? 'image/png' : 'image/svg+xml' }).end(bytes);
}

/** Uploaded files at their fileUrl; the path is the server's id, so nothing else on disk is reachable. */
function servedFile(sb: SandboxInstance, params: Record<string, string>, res: ServerResponse): void {
  const row = /^[0-9a-f]{24}$/.test(params.fileId!) ? sb.store.files.get(params.fileId!) : undefined;
  if (!row) return notFound(res);
  res.writeHead(200, { 'content-type': row.mime, 'content-disposition': `inline; filename="${row.name}"` });
  createReadStream(join(sb.store.filesDir, row.id)).pipe(res);
}

const PUBLIC_ROUTES = new RouteTable<PublicRoute>([
  { method: 'GET', path: '/s/:qrId', handler: shortLink },
  { method: 'GET', path: '/qr/:qrId.:format', handler: qrImage },
  { method: 'GET', path: '/files/:fileId', handler: servedFile },
]);

/** false when no public route matches */
export function handlePublic(sb: SandboxInstance, req: IncomingMessage, res: ServerResponse, url: URL, origin: string): false | void | Promise<void> {
  const match = PUBLIC_ROUTES.match(req.method ?? 'GET', url.pathname);
  if (!match) return false;
  return match.route.handler(sb, match.params, res, origin);
}
