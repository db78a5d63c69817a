// Contract checks (tests and `sandbox serve --contract`): every response the sandbox sends, and every
// JSON body formctl's own commands send, is validated against the OpenAPI description. A mismatch
// is answered as a 500 (a response) or a 400 (a request) saying "contract violation", so the test
// that caused it fails, and is kept in a list (GET /_sandbox/contract) that test helpers check.
// Loaded only when enabled: ajv is a development dependency.
import type { ValidateFunction } from 'ajv';
import { OPERATIONS } from '../domain/contract/operations.js';
import { buildOpenApi } from '../domain/openapi.js';

type Json = Record<string, any>;
type AjvClass = new (o: object) => { compile(s: object): ValidateFunction };

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
 */
class Validators {
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly schemas = new Map<string, Json>();

  constructor(private readonly ajv: InstanceType<AjvClass>) {
    const doc = buildOpenApi();
    const withComponents = (schema: Json) => ({ ...schema, components: doc.components });
    for (const op of OPERATIONS) {
      const entry = (doc.paths as Json)[op.path][op.method] as Json;
      const ok = entry.responses['200'].content?.['application/json']?.schema;
      if (ok) this.schemas.set(`response ${op.operationId}`, withComponents(ok));
      const body = entry.requestBody?.content?.['application/json']?.schema;
      if (body) this.schemas.set(`request ${op.operationId}`, withComponents(body));
    }
    this.schemas.set('error', withComponents({ $ref: '#/components/schemas/ErrorEnvelope' }));
  }

  get(name: string): ValidateFunction | undefined {
    let v = this.compiled.get(name);
    if (!v) {
      const schema = this.schemas.get(name);
      if (!schema) return undefined;
      v = this.ajv.compile(schema);
      this.compiled.set(name, v);
    }
    return v;
  }
}

let shared: Promise<Validators> | undefined;

export class ContractChecker {
  readonly violations: ContractViolation[] = [];

  static async create(): Promise<ContractChecker> {
    shared ??= (async () => {
      const mod = (await import('ajv/dist/2020.js')) as unknown as { default: AjvClass & { default?: AjvClass } };
      return new Validators(new (mod.default.default ?? mod.default)({ strict: false, validateFormats: false, allErrors: true }));
    })();
    return new ContractChecker(await shared);
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
