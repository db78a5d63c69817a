import { z } from 'zod/v4';
import { localFileFor } from '../../cmdutil/localFiles.js';
import { SubmissionSchemaResponse } from '../../domain/contract/schemas.js';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSubmissionSchema } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { writeFileAtomic } from '../../io/atomicFile.js';
import type { SubmissionSchema } from '../../domain/schema.js';

const CachedSchemaFile = z.object({ fetchedAt: z.string(), schema: SubmissionSchemaResponse });

export interface CachedSchema {
  fetchedAt: string;
  schema: SubmissionSchema;
}

/** A cache file that is there but damaged: named, so that the user can remove or refresh it. */
export class DamagedCache {
  constructor(readonly path: string, readonly problem: string) {}

  get message(): string {
    return `the cached schema ${this.path} is damaged (${this.problem}): refresh it with \`formctl submissions schema QRID\` or remove it`;
  }
}

function cachePath(deps: Deps, qrId: string): string {
  return localFileFor(deps, join('cache', 'schemas'), qrId, 'json');
}

/** The cached schema; undefined when there is none; DamagedCache when the file does not parse. */
export function readCachedSchema(deps: Deps, qrId: string): CachedSchema | DamagedCache | undefined {
  const path = cachePath(deps, qrId);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return new DamagedCache(path, 'not JSON');
  }
  const r = CachedSchemaFile.safeParse(raw);
  if (!r.success) return new DamagedCache(path, `${r.error.issues[0]!.path.join('.') || 'top level'}: ${r.error.issues[0]!.message}`);
  return r.data as CachedSchema;
}

export function writeCachedSchema(deps: Deps, qrId: string, schema: SubmissionSchema): void {
  const path = cachePath(deps, qrId);
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  writeFileAtomic(path, JSON.stringify({ fetchedAt: new Date().toISOString(), schema }), 0o600);
}

/** The schema from the cache, or one request (then cached). */
export async function loadSchema(deps: Deps, qrId: string, opts: { refresh?: boolean } = {}): Promise<{ schema: SubmissionSchema; cached: boolean; fetchedAt: string }> {
  const cached = opts.refresh ? undefined : readCachedSchema(deps, qrId);
  if (cached instanceof DamagedCache) deps.warn(`${cached.message}; fetching it again`);
  const hit = cached instanceof DamagedCache ? undefined : cached;
  if (hit) return { schema: hit.schema, cached: true, fetchedAt: hit.fetchedAt };
  const schema = await getSubmissionSchema(await deps.client(), qrId);
  writeCachedSchema(deps, qrId, schema);
  return { schema, cached: false, fetchedAt: new Date().toISOString() };
}
