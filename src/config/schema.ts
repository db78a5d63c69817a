// The profile file's shape as a zod schema. Loaded only when the file changed since it was last
// checked (see verifyConfig in store.ts): zod costs more start-up than a one-request command may.
import { z } from 'zod/v4';
import type { ConfigFile } from './types.js';

const Profile = z
  .object({
    baseUrl: z.string().optional(),
    apiKey: z.string().optional(),
    keyStore: z.literal('keyring').optional(),
    keyAccount: z.string().min(1).optional(),
    plan: z.string().optional(),
    sandbox: z.boolean().optional(),
  })
  .loose();

const Settings = z
  .object({
    output: z.string().optional(),
    timeout: z.number().positive().optional(),
    retries: z.number().int().min(0).optional(),
    sandboxPort: z.number().int().min(1).max(65535).optional(),
  })
  .loose();

export const ConfigFileSchema = z
  .object({
    currentProfile: z.string().optional(),
    profiles: z.record(z.string(), Profile).default({}),
    settings: Settings.default({}),
  })
  .loose();

/** Where a zod issue points, as a dotted path ("profiles.ci.apiKey"). */
export function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.length ? issue.path.map(String).join('.') : '(top level)';
}

/** Checks a parsed profile file; the problem names the property and what was expected. */
export function checkConfig(value: unknown): { ok: true; config: ConfigFile } | { ok: false; problem: string } {
  const r = ConfigFileSchema.safeParse(value);
  if (r.success) return { ok: true, config: r.data as ConfigFile };
  const issue = r.error.issues[0]!;
  return { ok: false, problem: `${issuePath(issue)}: ${issue.message}` };
}
