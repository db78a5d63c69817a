import { z } from 'zod/v4';
import { schemaCacheFile } from '../../cmdutil/localFiles.js';
import { SubmissionSchemaResponse } from '../../domain/contract/schemas.js';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSubmissionSchema } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { writeFileAtomic } from '../../io/atomicFile.js';
import { fieldsFromSchema, type SubmissionSchema } from '../../domain/schema.js';
import type { AnswerField } from '../../domain/answers.js';
import { UsageError } from '../../errors.js';

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

const cachePath = schemaCacheFile;

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

/**
 * A form's answer fields for --set and --attach (the cache, else one request), and what a name that
 * matched none of a cached schema's fields says: when the schema was cached, and how to refresh it
 * (the form may have changed elsewhere since; formctl's own changes forget it: forgetFormSchema).
 */
export function schemaFields(deps: Deps, qrId: string): { fields: () => Promise<AnswerField[]>; explain: (e: unknown) => unknown } {
  let cachedAt: string | undefined;
  return {
    async fields() {
      const r = await loadSchema(deps, qrId);
      cachedAt = r.cached ? r.fetchedAt : undefined;
      return fieldsFromSchema(r.schema);
    },
    explain: (e) =>
      e instanceof UsageError && cachedAt && /no field with key or label/.test(e.message)
        ? new UsageError(`${e.message} (from the schema cached ${cachedAt}: if the form changed since, refresh it with \`formctl submissions schema ${qrId}\`)`)
        : e,
  };
}
