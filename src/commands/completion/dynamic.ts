import type { Deps } from '../../cmdutil/factory.js';
import { readFormIds } from '../../cmdutil/localFiles.js';

/**
 * `formctl __complete profiles|forms`: candidates for the shell scripts, from local files only
 * (the profile file; the form ids `forms list` and `forms get` saw): completing never sends a request.
 */
export async function run(deps: Deps, [kind]: unknown[]): Promise<void> {
  const words = kind === 'profiles' ? Object.keys(deps.config().profiles) : kind === 'forms' ? readFormIds(deps).map((f) => f.qrId) : [];
  if (words.length) deps.io.stdout.write(`${words.join('\n')}\n`);
}
