import { existsSync, rmSync } from 'node:fs';
import type { Deps } from '../../cmdutil/factory.js';
import { sandboxDataDir } from '../../config/store.js';
import { CancelError } from '../../errors.js';

export async function run(deps: Deps, _args: unknown[], opts: { data?: string; yes?: boolean }): Promise<void> {
  const dir = opts.data ?? sandboxDataDir(deps.io.env);
  if (!existsSync(dir)) {
    deps.info(`Nothing to reset: ${dir} does not exist.`);
    return;
  }
  if (!opts.yes && !(await deps.prompter().confirm(`Delete every form and key of the sandbox in ${dir}?`, '--yes'))) throw new CancelError('nothing deleted');
  rmSync(dir, { recursive: true, force: true });
  deps.info(`Sandbox data in ${dir} deleted; new keys are made on next use.`);
}
