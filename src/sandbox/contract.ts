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

export class ContractChecker {
  readonly violations: ContractViolation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly schemas = new Map<string, Json>();

  static async create(): Promise<ContractChecker> {
    const mod = (await import('ajv/dist/2020.js')) as unknown as { default: AjvClass & { default?: AjvClass } };
    return new ContractChecker(new (mod.default.default ?? mod.default)({ strict: false, validateFormats: false, allErrors: true }));
  }

  private constructor(private readonly ajv: InstanceType<AjvClass>) {
    const doc = buildOpenApi();
    // each schema is compiled on first use, with the components beside it for its $refs
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

  private validator(name: string): ValidateFunction | undefined {
    let v = this.compiled.get(name);
    if (!v) {
      const schema = this.schemas.get(name);
      if (!schema) return undefined;
      v = this.ajv.compile(schema);
      this.compiled.set(name, v);
    }
    return v;
  }

  private record(operationId: string, kind: 'request' | 'response', validate: ValidateFunction, status?: number): string {
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`);
    this.violations.push({ at: new Date().toISOString(), operationId, kind, status, problems });
    return `contract violation (${kind} of ${operationId}${status ? `, HTTP ${status}` : ''}): ${problems.join('; ')}`;
  }

  /** A JSON body formctl sent; undefined when it conforms (or the operation takes no JSON body). */
  checkRequest(operationId: string, body: unknown): string | undefined {
    const validate = this.validator(`request ${operationId}`);
    if (!validate || body === undefined || validate(body)) return undefined;
    return this.record(operationId, 'request', validate);
  }

  /** A JSON response: the success envelope of the operation, or the error envelope. */
  checkResponse(operationId: string | undefined, status: number, body: unknown): string | undefined {
    const validate = status >= 200 && status < 300 ? (operationId ? this.validator(`response ${operationId}`) : undefined) : this.validator('error');
    if (!validate || validate(body)) return undefined;
    return this.record(operationId ?? '(no route)', 'response', validate, status);
  }
}
