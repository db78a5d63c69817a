import type { Deps } from '../../cli/factory.js';
import { requireQrId } from '../../cli/input.js';
import { send } from './send.js';

export const run = (deps: Deps, [qrId, file]: unknown[]) => send(deps, 'submission', requireQrId(qrId), String(file));
