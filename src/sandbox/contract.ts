// Contract checks (tests: FORMCTL_SANDBOX_CONTRACT=1, or the option of startSandbox): every response
// the sandbox sends, and every JSON body formctl's own commands send, is validated against the
// OpenAPI description. A mismatch is answered as a 500 (a response) or a 400 (a request) saying
// "contract violation", so the test that caused it fails, and is kept in a list (`violations`, and
// GET /_sandbox/contract for a sandbox in another process) that the test helpers check.
// Loaded only when enabled: ajv is a development dependency.
import type { ValidateFunction } from 'ajv';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from '../domain/contract/operations.js';
import { BUNDLED } from '../version.js';

type Json = Record<string, any>;
type Ajv = { compile(s: object): ValidateFunction };
type AjvClass = new (o: object) => Ajv;
type StandaloneCode = (ajv: Ajv, validate: ValidateFunction) => string;
/** the operations and the OpenAPI description built from them (the contract's zod schemas) */
type Description = { OPERATIONS: Operation[]; buildOpenApi: () => Json };

export interface ContractViolation {
  at: string;
  operationId: string;
  kind: 'request' | 'response';
  status?: number;
  problems: string[];
}

/**
 * The description's validators, compiled on first use and shared by every checker of the process:
 * they are pure functions of the description (nothing a sandbox changes), and compiling them again
 * for each embedded sandbox would cost every test command its start-up.
 *
 * With FORMCTL_SANDBOX_CONTRACT_CACHE=DIR (the test suite makes one directory per run) each compiled
 * validator is also kept there as ajv's standalone code, which the next process loads instead of
 * building the description and compiling it again: most of a test command's start-up otherwise.
 * The directory belongs to one build (the suite's): nothing checks that it matches another.
 */
class Validators {
  private readonly compiled = new Map<string, ValidateFunction>();
  private schemas: Map<string, Json> | undefined;
  private ajv: Ajv | undefined;

  /**
   * `ajv`: the compiler, and `describe`: the description's modules, both taken on the first validator
   * not found in the cache (a process that finds them all builds no zod schema)
   */
  constructor(private readonly makeAjv: () => Ajv, private readonly describe: () => Description, private readonly cache?: { dir: string; standaloneCode: () => StandaloneCode }) {}

  /** the schemas of the description, built on the first validator not found in the cache */
  private schemasByName(): Map<string, Json> {
    if (this.schemas) return this.schemas;
    const { OPERATIONS, buildOpenApi } = this.describe();
    const doc = buildOpenApi();
    const schemas = new Map<string, Json>();
    const withComponents = (schema: Json) => ({ ...schema, components: doc.components });
    for (const op of OPERATIONS) {
      const entry = (doc.paths as Json)[op.path][op.method] as Json;
      const ok = entry.responses['200'].content?.['application/json']?.schema;
      if (ok) schemas.set(`response ${op.operationId}`, withComponents(ok));
      const body = entry.requestBody?.content?.['application/json']?.schema;
      if (body) schemas.set(`request ${op.operationId}`, withComponents(body));
    }
    schemas.set('error', withComponents({ $ref: '#/components/schemas/ErrorEnvelope' }));
    return (this.schemas = schemas);
  }

  get(name: string): ValidateFunction | undefined {
    let v = this.compiled.get(name);
    if (v) return v;
    // one file per validator, named after it (letters and digits only)
    const file = this.cache && join(this.cache.dir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cjs`);
    v = file ? loadCached(file) : undefined;
    if (!v) {
      const schema = this.schemasByName().get(name);
      if (!schema) return undefined;
      this.ajv ??= this.makeAjv();
      v = this.ajv.compile(schema);
      if (file) writeAtomically(file, this.cache!.standaloneCode()(this.ajv, v));
    }
    this.compiled.set(name, v);
    return v;
  }
}

/** a validator kept by an earlier process; undefined when there is none (or it cannot be read) */
function loadCached(file: string): ValidateFunction | undefined {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const mod = { exports: {} as { default?: ValidateFunction } & ValidateFunction };
  // its require() names ajv's runtime helpers (ajv/dist/runtime/…): resolved from here, where ajv is
  new Function('require', 'module', 'exports', source)(require, mod, mod.exports);
  return mod.exports.default ?? mod.exports;
}

/** whole or not at all: a process starting meanwhile reads the old state (no file) or the new one */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch { /* no cache this time: the next process compiles it again */ }
}

/** one set per process (and cache directory) */
const shared = new Map<string | undefined, Promise<Validators>>();

const ajvOptions = (source: boolean) => ({ strict: false, validateFormats: false, allErrors: true, code: { source } });
const ajvClass = (mod: { default: AjvClass & { default?: AjvClass } }): AjvClass => mod.default.default ?? mod.default;

/**
 * The description's modules: in the bundle (the CLI, `sandbox serve`) required on the first cache
 * miss only; from the sources (the tests' in-process sandboxes), imported now.
 */
async function description(): Promise<() => Description> {
  if (BUNDLED) {
    return () => {
      const { OPERATIONS } = require('../domain/contract/operations.js') as typeof import('../domain/contract/operations.js');
      const { buildOpenApi } = require('../domain/openapi.js') as typeof import('../domain/openapi.js');
      return { OPERATIONS, buildOpenApi };
    };
  }
  const [{ OPERATIONS }, { buildOpenApi }] = await Promise.all([import('../domain/contract/operations.js'), import('../domain/openapi.js')]);
  return () => ({ OPERATIONS, buildOpenApi });
}

async function validators(cacheDir: string | undefined): Promise<Validators> {
  const describe = await description();
  // the cache needs require() for the cached modules (the bundle's own: the CLI and `sandbox serve`);
  // ajv and the description (the contract's zod schemas) then load only when a validator is missing from it
  if (cacheDir !== undefined && typeof require === 'function') {
    return new Validators(() => new (ajvClass({ default: require('ajv/dist/2020.js') }))(ajvOptions(true)), describe, {
      dir: cacheDir,
      standaloneCode: () => (require('ajv/dist/standalone/index.js') as { default: StandaloneCode }).default,
    });
  }
  const mod = (await import('ajv/dist/2020.js')) as unknown as { default: AjvClass & { default?: AjvClass } };
  return new Validators(() => new (ajvClass(mod))(ajvOptions(false)), describe);
}

export class ContractChecker {
  readonly violations: ContractViolation[] = [];

  static async create(cacheDir?: string): Promise<ContractChecker> {
    let v = shared.get(cacheDir);
    if (!v) shared.set(cacheDir, (v = validators(cacheDir)));
    return new ContractChecker(await v);
  }

  private constructor(private readonly validators: Validators) {}

  private record(operationId: string, kind: 'request' | 'response', validate: ValidateFunction, status?: number): string {
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`);
    this.violations.push({ at: new Date().toISOString(), operationId, kind, status, problems });
    return `contract violation (${kind} of ${operationId}${status ? `, HTTP ${status}` : ''}): ${problems.join('; ')}`;
  }

  /** A JSON body formctl sent; undefined when it conforms (or the operation takes no JSON body). */
  checkRequest(operationId: string, body: unknown): string | undefined {
    const validate = this.validators.get(`request ${operationId}`);
    if (!validate || body === undefined || validate(body)) return undefined;
    return this.record(operationId, 'request', validate);
  }

  /** A JSON response: the success envelope of the operation, or the error envelope. */
  checkResponse(operationId: string | undefined, status: number, body: unknown): string | undefined {
    const validate = status >= 200 && status < 300 ? (operationId ? this.validators.get(`response ${operationId}`) : undefined) : this.validators.get('error');
    if (!validate || validate(body)) return undefined;
    return this.record(operationId ?? '(no route)', 'response', validate, status);
  }
}
