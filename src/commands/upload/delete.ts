import { deleteFormFile } from '../../api/resources/uploads.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError, UsageError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';

export async function run(deps: Deps, [qrId, fileId]: unknown[], opts: { yes?: boolean }): Promise<void> {
  const id = requireQrId(qrId);
  const file = String(fileId);
  if (!/^[\w-]{1,128}$/.test(file)) throw new UsageError(`fileId "${file}" is not a file id`);
  if (!opts.yes && !(await deps.prompter().confirm(`Delete file ${file} of form ${id}?`, '--yes'))) throw new CancelError('nothing deleted');
  await deleteFormFile(await deps.client(), id, file);
  deps.info(`Deleted file ${file}.`);
}
