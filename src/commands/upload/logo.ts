import type { Deps } from '../../cmdutil/factory.js';
import { send } from './send.js';

export const run = (deps: Deps, [file]: unknown[]) => send(deps, 'logo', undefined, String(file));
