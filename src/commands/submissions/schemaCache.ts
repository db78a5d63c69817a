import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSubmissionSchema } from '../../api/resources/submissions.js';
import type { Deps } from '../../cli/factory.js';
import { sandboxDataDir } from '../../cli/factory.js';
import { configDir } from '../../config/store.js';
import { writeFileAtomic } from '../../io/atomicFile.js';
import type { SubmissionSchema } from '../../domain/schema.js';

export interface CachedSchema {
  fetchedAt: string;
  schema: SubmissionSchema;
}

/** One cache per API (base URL, or the embedded sandbox's data dir) and form. */
function cachePath(deps: Deps, qrId: string): string {
  const t = deps.target();
  const api = t.sandbox ? `sandbox:${sandboxDataDir(deps.io.env)}` : (t.baseUrl ?? '');
  const ns = createHash('sha256').update(api).digest('hex').slice(0, 16);
  return join(configDir(deps.io.env), 'cache', 'schemas', `${ns}-${qrId}.json`);
}

export function readCachedSchema(deps: Deps, qrId: string): CachedSchema | undefined {
  try {
    return JSON.parse(readFileSync(cachePath(deps, qrId), 'utf8')) as CachedSchema;
  } catch {
    return undefined;
  }
}

export function writeCachedSchema(deps: Deps, qrId: string, schema: SubmissionSchema): void {
  const path = cachePath(deps, qrId);
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  writeFileAtomic(path, JSON.stringify({ fetchedAt: new Date().toISOString(), schema }), 0o600);
}

/** The schema from the cache, or one request (then cached). */
export async function loadSchema(deps: Deps, qrId: string, opts: { refresh?: boolean } = {}): Promise<{ schema: SubmissionSchema; cached: boolean; fetchedAt: string }> {
  const hit = opts.refresh ? undefined : readCachedSchema(deps, qrId);
  if (hit) return { schema: hit.schema, cached: true, fetchedAt: hit.fetchedAt };
  const schema = await getSubmissionSchema(await deps.client(), qrId);
  writeCachedSchema(deps, qrId, schema);
  return { schema, cached: false, fetchedAt: new Date().toISOString() };
}
