import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';

export function register(program: Command, bind: typeof Bind): void {
  const presets = program.command('presets').description('QR design presets: ready-made qrConfig designs to apply with forms design --preset');
  bind(
    addOutputFlags(presets.command('list').description('List the QR design presets (with colour swatches on a terminal)'), { fields: ['id', 'pattern', 'eyes', 'colours', 'frame', 'previewUrl', 'config'] })
      .addHelpText('after', "\nExamples:\n  formctl presets list\n  formctl presets list -o json | jq -r '.[].previewUrl'\n  formctl presets list --query '[].id' -o table\n  formctl forms design F8K2QX --preset ocean"),
    () => import('./list.js'),
  );
}
