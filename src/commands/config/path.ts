import type { Deps } from '../../cmdutil/factory.js';
import { configPath } from '../../config/store.js';

export async function run(deps: Deps): Promise<void> {
  deps.io.stdout.write(`${configPath(deps.io.env)}\n`);
}
