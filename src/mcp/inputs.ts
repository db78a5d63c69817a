import { z } from 'zod/v4';
import { OPERATIONS, PATH_PARAMS, type Operation } from '../domain/contract/operations.js';

// Tool inputs derived from the contract (domain/contract/operations.ts): an operation's path
// parameters, query parameters and body, with the same zod schemas the sandbox checks requests with
// and the OpenAPI description is made from. A tool adds only what the contract has no word for.

function operation(operationId: string): Operation {
  const op = OPERATIONS.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  return op;
}

/** spec §4: the {name} parameters of an operation's path, each with its shape (qrId, submissionId, …). */
function pathInput(operationId: string): Record<string, z.ZodType> {
  const names = [...operation(operationId).path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return Object.fromEntries(names.map((n) => [n, PATH_PARAMS[n]!]));
}

/**
 * An operation's query parameters (optional unless the contract requires them), or those named. The
 * contract's defaults are the service's; a tool picks its own when an argument is left out (the
 * largest page: fewest requests), so they are not filled in here.
 */
function queryInput(operationId: string, names?: readonly string[]): Record<string, z.ZodType> {
  const params = (operation(operationId).query ?? []).filter((q) => !names || names.includes(q.name));
  return Object.fromEntries(
    params.map((q) => {
      const bare = q.schema instanceof z.ZodDefault ? (q.schema.unwrap() as z.ZodType) : q.schema;
      const s = q.description ? bare.describe(q.description) : bare;
      return [q.name, q.required ? s : s.optional()];
    }),
  );
}

/** An operation's JSON body schema (a zod object in the contract). */
export function bodyOf(operationId: string): z.ZodObject {
  const body = operation(operationId).body;
  if (!(body instanceof z.ZodObject)) throw new Error(`${operationId} has no JSON object body`);
  return body;
}

/** Path and query parameters of an operation, plus what the tool adds, as one strict object. */
export function paramsInput(operationId: string, extra: Record<string, z.ZodType> = {}, query?: readonly string[]): z.ZodObject {
  return z.strictObject({ ...pathInput(operationId), ...queryInput(operationId, query), ...extra });
}

/** The body of an operation with its path parameters beside the body's own properties. */
export function bodyInput(operationId: string, extra: Record<string, z.ZodType> = {}): z.ZodObject {
  return bodyOf(operationId).extend({ ...pathInput(operationId), ...extra });
}

/** A request header of an operation (spec §8: Idempotency-Key) as an optional tool argument. */
export function headerInput(operationId: string, header: string): z.ZodType {
  const h = operation(operationId).headers?.find((x) => x.name === header);
  if (!h) throw new Error(`${operationId} has no header ${header}`);
  return h.schema.describe(h.description).optional();
}
