import { listPresets, type Preset } from '../../api/resources/presets.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { StyledCell } from '../../output/terminalText.js';

// JSON is the preset as the service shapes it (spec §2.10: {id, previewUrl, config}); a table and
// CSV flatten its design into pattern, eyes, colours and frame, with colour swatches on a terminal
const fields = ['id', 'previewUrl', 'config'] as const;
const columns = ['id', 'preview', 'pattern', 'eyes', 'colours', 'frame'];
const csvColumns = ['id', 'pattern', 'eyes', 'colours', 'frame', 'previewUrl', 'config'];

const s = (v: unknown) => (typeof v === 'string' ? v : '');

/** colour swatches of the design (truecolor blocks), when the terminal shows colour */
function swatches(c: Record<string, unknown>, color: boolean, chalk: { hex(c: string): (s: string) => string } | undefined): StyledCell | string {
  const colours = (c.gradient ? [c.color01, c.color02] : [c.colorDark]).concat(c.eye_color ? [c.eye_color01] : [], c.frame ? [c.frameColor] : []).map(s).filter(Boolean);
  if (!color || !chalk) return '';
  // measured by its blocks, not by the colour codes around them
  return new StyledCell('██'.repeat(colours.length), colours.map((h) => chalk.hex(h.startsWith('#') ? h : `#${h}`)('██')).join(''));
}

export async function run(deps: Deps): Promise<void> {
  const base: View<Preset> = { fields, columns, csvColumns, id: (p) => p.id, empty: 'No QR design presets on this account.' };
  const out = deps.outputFor(base);
  const presets: Preset[] = await listPresets(await deps.client());
  let chalk: { hex(c: string): (s: string) => string } | undefined;
  if (out.format === 'table' && deps.io.color) {
    const { Chalk } = await import('chalk');
    chalk = new Chalk({ level: 3 });
  }
  const row = (p: Preset) => {
    const c = p.config;
    return {
      id: p.id,
      preview: swatches(c, deps.io.color, chalk),
      pattern: s(c.qrData),
      eyes: [s(c.eye_outer), s(c.eye_inner)].filter(Boolean).join(' + '),
      colours: c.gradient ? `${s(c.grdType) || 'linear'} ${s(c.color01)}→${s(c.color02)}` : s(c.colorDark) + (c.transparentBkg ? ' (transparent)' : ''),
      frame: c.frame ? `${String(c.frame)}${c.frameText ? ` "${s(c.frameText)}"` : ''}` : '',
      previewUrl: p.previewUrl,
      config: c,
    };
  };
  const shown = out.format === 'table' && !deps.io.color ? columns.filter((c) => c !== 'preview') : columns;
  await deps.printList({ ...base, columns: shown, row }, presets);
}
