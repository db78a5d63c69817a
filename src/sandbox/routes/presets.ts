import { route, type RequestContext } from '../instance.js';
import { PRESETS } from '../qr/presets.js';

/** docs/sandbox.md "Sandbox assumptions": a preset's preview is served by the sandbox at /presets/{id}.png. */
export function presetPreviewUrl(origin: string, id: string): string {
  return `${origin}/presets/${id}.png`;
}

/** spec §4.7: QR design presets; a preset's config is copied into a form's qrConfig. */
function listPresets(ctx: RequestContext) {
  return PRESETS.map((p) => ({ id: p.id, previewUrl: presetPreviewUrl(ctx.origin, p.id), config: p.config }));
}

export const presetRoutes = [route({ operationId: 'listPresets', method: 'GET', path: '/qr-design-templates', action: 'catalog.read', handler: listPresets })];
