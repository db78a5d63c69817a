import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { send } from './send.js';

export const run = (deps: Deps, [qrId, file]: unknown[]) => send(deps, 'submission', requireQrId(qrId), String(file));
