// The schemas the API routes check request bodies with, in one module the routes load with the first
// request that carries such a body (routes/bodies.ts, `contractBody`): a sandbox that answers only
// reads (`--sandbox forms list`) never loads zod or builds a schema.
import { z } from 'zod/v4';
import { MAX_CLONES } from '../../domain/limits.js';

export { AddMemberBody, BatchDeleteBody, RecipientsBody, ResetPasswordBody, SaveTemplateBody, TeamNameBody, UpdateMemberBody, WebhookPutBody } from '../../domain/contract/schemas.js';
export { checkFormCreate, checkFormUpdate } from '../../domain/form.js';

// spec §4.1: the clone body is "not shown"; the sandbox takes {count?} (docs/sandbox.md, "Sandbox assumptions")
const COUNT = `count must be an integer from 1 to ${MAX_CLONES}`;
export const CloneBody = z.object({ count: z.number({ error: COUNT }).int({ error: COUNT }).min(1, { error: COUNT }).max(MAX_CLONES, { error: COUNT }).default(1) }).strict();
