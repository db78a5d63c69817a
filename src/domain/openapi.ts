// The contract as an OpenAPI 3.1 description, built from the zod schemas and the operation table
// (one source of truth). The sandbox serves it at GET /_sandbox/openapi.json; `formctl sandbox
// openapi` prints it; the build writes openapi/form-service-v1.json; tests validate every response
// against it.
import { z } from 'zod/v4';
import { OPERATIONS, PATH_PARAMS, type Operation } from './contract/operations.js';
import { OPERATION_DOCS, type OperationDoc } from './contract/operationDocs.js';
import { ErrorEnvelope, successEnvelope, UploadBody } from './contract/schemas.js';

type Json = Record<string, unknown>;

const ERRORS: Record<string, string> = {
  '400': 'validation or business rule; unknown, archived or foreign qrId; inactive subscription; plan limits (spec §7)',
  '401': 'missing or invalid key',
  '403': 'the role cannot perform the action (spec §5)',
  '404': 'route or method does not exist; unknown form or file on upload routes',
  '409': 'Idempotency-Key reused with a different body',
  '429': 'monthly quota exhausted, or submission upload throttling',
  '500': 'unexpected error; oversize upload; AI failure',
};

/**
 * A zod schema as JSON Schema. A recursive schema (the cascade tree) comes out with `$defs`, which
 * mean nothing inside an OpenAPI document: they become components named by their title, and their
 * references follow (hoistNamed then keeps one copy).
 */
function schemaOf(s: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io, reused: 'inline' }) as Json;
  delete out.$schema;
  dropForbidden(out);
  const defs = out.$defs as Record<string, Json> | undefined;
  if (!defs) return out;
  delete out.$defs;
  const names = new Map(Object.entries(defs).map(([k, d]) => [`#/$defs/${k}`, `#/components/schemas/${String(d.title ?? k)}`]));
  const relink = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(relink);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? (names.get(v) ?? v) : relink(v)]));
  };
  for (const d of Object.values(defs)) lifted.set(String(d.title), relink(d) as Json);
  return relink(out) as Json;
}

/**
 * A property zod declares as never (a field's key on create, quizConfig on a type that is not scored)
 * is, in a closed object, the same as no property at all; said that way, generated clients refuse it
 * (openapi-typescript reads `not: {}` as unknown).
 */
function dropForbidden(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const v of Object.values(node)) dropForbidden(v);
  const obj = node as Json;
  const props = obj.properties as Record<string, Json> | undefined;
  if (!props || obj.additionalProperties !== false) return;
  for (const [name, schema] of Object.entries(props)) {
    if (Object.keys(schema).length === 1 && JSON.stringify(schema.not) === '{}') delete props[name];
  }
}

/** Recursive schemas taken out of `$defs` by schemaOf, by title: they go to components as they are. */
const lifted = new Map<string, Json>();

function parameters(op: Operation, doc: OperationDoc): Json[] {
  const out: Json[] = [];
  const example = (name: string) => (doc.params?.[name] === undefined ? {} : { example: doc.params[name] });
  for (const name of op.path.match(/\{(\w+)\}/g) ?? []) {
    const n = name.slice(1, -1);
    out.push({ name: n, in: 'path', required: true, schema: schemaOf(PATH_PARAMS[n] ?? z.string(), 'input'), ...example(n) });
  }
  for (const q of op.query ?? []) {
    const schema = schemaOf(q.schema, 'input');
    out.push({
      name: q.name, in: 'query', required: q.required === true, description: q.description,
      ...(q.repeated
        ? { schema: { type: 'array', items: schema }, style: 'form', explode: true, ...(doc.params?.[q.name] === undefined ? {} : { example: [doc.params[q.name]] }) }
        : { schema, ...example(q.name) }),
    });
  }
  for (const h of op.headers ?? []) out.push({ name: h.name, in: 'header', required: false, description: h.description, schema: schemaOf(h.schema, 'input') });
  return out;
}

function requestBody(op: Operation, doc: OperationDoc): Json | undefined {
  if (!op.body) return undefined;
  const example = doc.body === undefined ? {} : { example: op.body === 'multipart' ? { userFile: '(the file bytes)', ...doc.body } : doc.body };
  if (op.body === 'multipart') {
    return { required: true, content: { 'multipart/form-data': { schema: schemaOf(UploadBody, 'input'), encoding: { userFile: { contentType: 'application/octet-stream' } }, ...example } } };
  }
  return { required: op.bodyOptional !== true, content: { 'application/json': { schema: schemaOf(op.body, 'input'), ...example } } };
}

function success(op: Operation): Json {
  if (op.response === 'binary') {
    return { description: 'the image bytes (spec §1: the one non-JSON success)', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/svg+xml': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'application/postscript': { schema: { type: 'string' } } } };
  }
  return { description: 'success envelope (spec §1)', content: { 'application/json': { schema: schemaOf(successEnvelope(op.response, op.extra), 'output') } } };
}

/**
 * Moves every schema that has a title (the named records of spec §2) to components.schemas and
 * refers to it, so that a record is described once however many operations use it.
 */
function hoistNamed(node: unknown, components: Record<string, Json>, seen: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => hoistNamed(n, components, seen));
  if (!node || typeof node !== 'object') return node;
  const obj: Json = {};
  for (const [k, v] of Object.entries(node)) obj[k] = hoistNamed(v, components, seen);
  const title = typeof obj.title === 'string' && /^[A-Z]\w+$/.test(obj.title) ? obj.title : undefined;
  if (!title) return obj;
  const text = JSON.stringify(obj);
  let name = seen.get(text);
  if (!name) {
    name = title;
    for (let i = 2; components[name]; i++) name = `${title}${i}`;
    components[name] = obj;
    seen.set(text, name);
  }
  return { $ref: `#/components/schemas/${name}` };
}

export function buildOpenApi(version = '1.0.0'): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    const responses: Json = { '200': success(op) };
    for (const code of Object.keys(ERRORS)) responses[code] = { $ref: `#/components/responses/Error${code}` };
    const doc = OPERATION_DOCS[op.operationId];
    if (!doc) throw new Error(`operation ${op.operationId} has no description in contract/operationDocs.ts`);
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId, tags: [op.tag], summary: op.summary, description: doc.description,
      parameters: parameters(op, doc), requestBody: requestBody(op, doc), responses,
    };
  }
  const schemas: Record<string, Json> = {};
  const hoisted = hoistNamed(paths, schemas, new Map()) as Record<string, Json>;
  return {
    openapi: '3.1.0',
    info: { title: 'Form Collection Service API', version, description: 'API v1 of the form service (spec: form-service-api-v1.md), as formctl and its sandbox read it. Where the spec says "not shown", schemas stay open.',
      // spec §5.4: keys are reset through the vendor's support; the spec names no address, so none is invented
      contact: { name: 'formctl, the CLI and sandbox of this description; account and key matters: the service vendor\'s support' },
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010/v1', description: 'ends in /v1 (spec §9)' } } }],
    security: [{ bearerAuth: [] }],
    tags: ['forms', 'uploads', 'analytics', 'submissions', 'webhook', 'team', 'templates', 'presets', 'ai'].map((name) => ({ name })),
    paths: hoisted,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'spec §5: an API key, not a JWT' } },
      schemas: { ...schemas, ...Object.fromEntries(lifted), ErrorEnvelope: schemaOf(ErrorEnvelope, 'output') },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([code, description]) => [`Error${code}`, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } }]),
      ),
    },
  };
}

/** The operations, for tools that check requests and responses against the description. */
export function operationCount(doc: Json): number {
  return Object.values(doc.paths as Record<string, Json>).reduce((n, p) => n + Object.keys(p).length, 0);
}
