import { existsSync } from 'node:fs';
import { getForm, updateForm } from '../../api/resources/forms.js';
import { listPresets } from '../../api/resources/presets.js';
import { listLogos, uploadLogo } from '../../api/resources/uploads.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { designPatch, DesignFlagError, type DesignFlags } from '../../domain/designFlags.js';
import { UsageError } from '../../errors.js';
import { resolveFormat } from '../../output/format.js';

interface Opts extends DesignFlags {
  preset?: string;
  logo?: string;
  reset?: boolean;
  dryRun?: boolean;
}

function patchOf(opts: Opts, frameNow?: number): Record<string, unknown> {
  try {
    return designPatch(opts, frameNow);
  } catch (e) {
    if (e instanceof DesignFlagError) throw new UsageError(e.message);
    throw e;
  }
}

const FILE_ID = /^[0-9a-zA-Z_-]{6,64}$/;

/**
 * `forms design`: flags → a qrConfig patch, merged over the current design (or a preset, or nothing
 * with --reset), checked locally, then one update. Requests: the preset list with --preset, a logo
 * upload (or the logo list for a file id) with --logo, the form (unless --reset), the update.
 */
export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  // JSON, the design, unless a terminal shows the code: -o json (or --json, --query) asks for it there too
  const setting = deps.config().settings.output;
  const format = resolveFormat(deps.flags.output, deps.flags.json, setting === 'json' ? setting : undefined, deps.io);
  if (format !== 'json' && format !== 'table') throw new UsageError(`--output: forms design prints its qrConfig as JSON (-o json), or the code on a terminal; not ${format}`);
  const asJson = format === 'json' || deps.flags.query !== undefined;
  const logoIsPath = opts.logo !== undefined && (existsSync(opts.logo) || /[./\\]/.test(opts.logo));
  if (opts.logo !== undefined && logoIsPath && !existsSync(opts.logo)) throw new UsageError(`--logo ${opts.logo}: no such file (give an image file, or the fileId of an uploaded logo)`);
  if (opts.logo !== undefined && !logoIsPath && !FILE_ID.test(opts.logo)) throw new UsageError(`--logo: "${opts.logo}" is neither an image file nor a fileId`);
  // the flags are checked before any request (a second frame colour is checked again once the frame is known)
  const flagPatch = patchOf(opts, opts.frame === undefined ? 5 : undefined);
  const { QrConfigSchema } = await import('../../domain/form.js');
  const check = (config: Record<string, unknown>) => {
    const r = QrConfigSchema.safeParse(config);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new UsageError(`qrConfig.${issue.path.join('.')}: ${issue.message}`);
    }
  };
  check(flagPatch);
  if (opts.dryRun) {
    const shown: Record<string, unknown> = { ...flagPatch };
    if (opts.preset) deps.info(`--dry-run: the preset ${opts.preset} would be fetched and applied under these flags.`);
    if (opts.logo) shown.logo = logoIsPath ? `(the URL of ${opts.logo} once uploaded as a logo)` : `(the URL of logo ${opts.logo})`;
    await deps.printJson({ qrConfig: shown });
    deps.info(opts.reset ? '--dry-run: no request made; the form\'s design would be replaced.' : '--dry-run: no request made; the patch would be merged over the current design.');
    return;
  }
  const client = await deps.client();
  let base: Record<string, unknown> = {};
  if (!opts.reset) base = { ...((await getForm(client, id)).qrConfig ?? {}) } as Record<string, unknown>;
  if (opts.preset) {
    const presets = await listPresets(client);
    const preset = presets.find((p) => p.id === opts.preset);
    if (!preset) throw new UsageError(`--preset: "${opts.preset}" is not a preset; expected one of ${presets.map((p) => p.id).join(', ')}`);
    base = { ...base, ...preset.config };
  }
  const patch = patchOf(opts, typeof base.frame === 'number' ? base.frame : undefined);
  const config: Record<string, unknown> = { ...base, ...patch };
  // a frame without a second colour keeps none
  if (typeof config.frame === 'number' && ![5, 6, 10, 13, 14].includes(config.frame)) delete config.frameColor2;
  delete config.qrCategory; // read-only (spec §2.6)
  if (opts.logo) {
    if (logoIsPath) config.logo = (await uploadLogo(client, opts.logo)).fileUrl;
    else {
      const logo = (await listLogos(client)).find((l) => l.fileId === opts.logo);
      if (!logo) throw new UsageError(`--logo: no uploaded logo has the fileId ${opts.logo} (formctl upload list shows them)`);
      config.logo = logo.fileUrl;
    }
  }
  check(config);
  const form = await updateForm(client, id, { qrConfig: config });
  if (asJson) return deps.printJson(form.qrConfig ?? config);
  const { default: QRCode } = await import('qrcode');
  const { renderQrTerminal } = await import('../../output/qrTerminal.js');
  const qr = QRCode.create(form.shortUrl, { errorCorrectionLevel: config.logo ? 'H' : 'M' });
  deps.io.stdout.write(renderQrTerminal(qr.modules.size, (x, y) => qr.modules.get(y, x) === 1));
  const summary = [config.qrData, config.eye_outer, config.eye_inner, config.gradient ? `gradient ${String(config.grdType ?? 'linear')}` : config.colorDark, config.frame ? `frame ${String(config.frame)}` : '', config.logo ? 'logo' : ''].filter(Boolean).join(' · ');
  deps.info(`Design of ${id} updated: ${summary || 'defaults'}. The image: formctl forms download ${id} --format png --out ${id}.png`);
}
