import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';

export function register(program: Command, bind: typeof Bind): void {
  const upload = program.command('upload').description('Upload, list and delete files (logos, form assets, submission files)');
  const verb = (name: string, description: string) => upload.command(name).description(description);
  const fields = { fields: ['fileId', 'fileUrl'] };
  bind(addOutputFlags(verb('logo', 'Upload an account logo (images only); use its URL in qrConfig.logo').argument('<file>', 'image file'), fields), () => import('./logo.js'));
  bind(
    addOutputFlags(verb('form', 'Upload a form asset (logo, background, backdrop, preview image)').argument('<qrId>', 'form id').argument('<file>', 'file'), fields),
    () => import('./form.js'),
  );
  bind(
    addOutputFlags(verb('submission', 'Upload a file for a submission answer; put the fileId in answers').argument('<qrId>', 'form id').argument('<file>', 'file'), fields),
    () => import('./submission.js'),
  );
  bind(addOutputFlags(verb('list', 'List account logos and whether a form uses them'), { fields: ['fileId', 'fileUrl', 'mime', 'fileUsed'] }), () => import('./list.js'));
  bind(
    verb('delete', 'Delete an unused form file').argument('<qrId>', 'form id').argument('<fileId>', 'file id').option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)'),
    () => import('./delete.js'),
  );
}
