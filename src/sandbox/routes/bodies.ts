import type { z } from 'zod/v4';
import { ApiFailure } from '../http.js';

/** Plain object check for request bodies. */
export function asObject(body: unknown, what = 'body'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiFailure(400, `${what} must be a JSON object`);
  }
  return body as Record<string, unknown>;
}

/**
 * A body rule from a zod schema: a body that is not an object, or fails the schema, is a 400 whose
 * message is the first problem (schemas carry the spec's wording as their messages).
 */
export function zodBody<T>(schema: z.ZodType<T>, opts: { optional?: boolean } = {}): (raw: unknown) => T {
  return (raw) => {
    const value = raw === undefined && opts.optional ? {} : asObject(raw);
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    const issue = r.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') {
      throw new ApiFailure(400, `Unknown propert${issue.keys.length > 1 ? 'ies' : 'y'}: ${issue.keys.join(', ')}`);
    }
    throw new ApiFailure(400, issue.message);
  };
}

type BodySchemas = typeof import('./bodySchemas.js');
type SchemaName = { [K in keyof BodySchemas]: BodySchemas[K] extends z.ZodType ? K : never }[keyof BodySchemas];

/** The body schemas of the API routes, loaded with the first request that needs one (bodySchemas.ts). */
export const bodySchemas = (): Promise<BodySchemas> => import('./bodySchemas.js');

/** zodBody with one of bodySchemas.ts's schemas, named: zod and the schema load with the first such body. */
export function contractBody<K extends SchemaName>(name: K, opts: { optional?: boolean } = {}): (raw: unknown) => Promise<z.output<BodySchemas[K]>> {
  return async (raw) => zodBody((await bodySchemas())[name] as unknown as z.ZodType<z.output<BodySchemas[K]>>, opts)(raw);
}
