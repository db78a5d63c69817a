import { listPresets, type Preset } from '../../api/resources/presets.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { StyledCell } from '../../output/terminalText.js';

interface Row {
  id: string;
  preview: string | StyledCell;
  pattern: string;
  eyes: string;
  colours: string;
  frame: string;
  previewUrl: string;
  config: Record<string, unknown>;
}

const view: View<Row> = { fields: ['id', 'pattern', 'eyes', 'colours', 'frame', 'previewUrl', 'config'], columns: ['id', 'preview', 'pattern', 'eyes', 'colours', 'frame'], id: (r) => r.id };

const s = (v: unknown) => (typeof v === 'string' ? v : '');

/** colour swatches of the design (truecolor blocks), when the terminal shows colour */
function swatches(c: Record<string, unknown>, color: boolean, chalk: { hex(c: string): (s: string) => string } | undefined): StyledCell | string {
  const colours = (c.gradient ? [c.color01, c.color02] : [c.colorDark]).concat(c.eye_color ? [c.eye_color01] : [], c.frame ? [c.frameColor] : []).map(s).filter(Boolean);
  if (!color || !chalk) return '';
  // measured by its blocks, not by the colour codes around them
  return new StyledCell('██'.repeat(colours.length), colours.map((h) => chalk.hex(h.startsWith('#') ? h : `#${h}`)('██')).join(''));
}

export async function run(deps: Deps): Promise<void> {
  const out = deps.outputFor(view);
  const presets: Preset[] = await listPresets(await deps.client());
  let chalk: { hex(c: string): (s: string) => string } | undefined;
  if (out.format === 'table' && deps.io.color) {
    const { Chalk } = await import('chalk');
    chalk = new Chalk({ level: 3 });
  }
  const rows: Row[] = presets.map((p) => {
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
  });
  await deps.printList(out.format === 'table' && !deps.io.color ? { ...view, columns: view.columns.filter((c) => c !== 'preview') } : view, rows);
}
