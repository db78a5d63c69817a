import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/domain/contract/operations.js';
import { buildOpenApi, operationCount } from '../../src/domain/openapi.js';
import { ContractChecker } from '../../src/sandbox/contract.js';
import { API_ROUTES } from '../../src/sandbox/routes/index.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

const doc = buildOpenApi() as any;

describe('the OpenAPI 3.1 description of API v1', () => {
  it('has all 44 operations of spec §4, bearer auth and the error envelope', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operationCount(doc)).toBe(44);
    expect(new Set(OPERATIONS.map((o) => o.operationId)).size).toBe(44);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorEnvelope.properties.status).toEqual({ type: 'string', const: 'failed' });
    // spec §4.1: ids repeated once per form; §4.4: limit ≤ 100; §4.2: multipart uploads; §1: the binary download
    const del = doc.paths['/forms'].delete.parameters.find((p: any) => p.name === 'ids');
    expect(del).toMatchObject({ style: 'form', explode: true, schema: { type: 'array' } });
    expect(doc.paths['/forms/{qrId}/submissions'].get.parameters.find((p: any) => p.name === 'limit').schema.maximum).toBe(100);
    expect(Object.keys(doc.paths['/account/uploads'].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/forms/{qrId}/download'].get.responses['200'].content['image/png']).toBeDefined();
    expect(doc.paths['/forms/{qrId}'].get.parameters[0].schema.pattern).toBe('^[A-Z0-9]+$');
  });

  it('names every route the sandbox serves, with the same method and path', () => {
    for (const r of API_ROUTES) {
      const op = OPERATIONS.find((o) => o.operationId === r.operationId);
      expect(op, r.operationId).toBeDefined();
      expect(op!.method).toBe(r.method.toLowerCase());
      expect(op!.path).toBe(r.path.replace(/:anyQrId/, '{qrId}').replace(/:(\w+)/g, '{$1}'));
    }
  });

  it('is committed as openapi/form-service-v1.json, current (npm run openapi)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../openapi/form-service-v1.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(doc);
  });

  it('catches a response or a request that does not match', async () => {
    const checker = await ContractChecker.create();
    expect(checker.checkResponse('getWebhook', 200, { status: 'success', data: { enabled: true, url: 'https://x.test', secret: 's' } })).toBeUndefined();
    expect(checker.checkResponse('getWebhook', 200, { status: 'success', data: { enabled: 'yes', url: 'https://x.test' } })).toMatch(/contract violation \(response of getWebhook/);
    expect(checker.checkResponse(undefined, 404, { status: 'failed', message: 'x', code: 404, data: {} })).toBeUndefined();
    expect(checker.checkResponse(undefined, 400, { status: 'failed', message: 'x' })).toMatch(/contract violation/);
    expect(checker.checkRequest('shareForm', { recipients: ['a@example.com'] })).toMatch(/recipients/);
    expect(checker.checkRequest('shareForm', { recipients: 'a@example.com' })).toBeUndefined();
    expect(checker.violations).toHaveLength(3);
  });

  it('keeps each compiled validator in FORMCTL_SANDBOX_CONTRACT_CACHE, and a process finding one there uses it as it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formctl-contract-test-'));
    const next = mkdtempSync(join(tmpdir(), 'formctl-contract-test-'));
    try {
      const first = await ContractChecker.create(dir);
      expect(first.checkRequest('shareForm', { recipients: 'a@example.com' })).toBeUndefined();
      expect(first.checkResponse(undefined, 400, { status: 'failed', message: 'x' })).toMatch(/contract violation/);
      expect(readdirSync(dir).sort()).toEqual(['error.cjs', 'request-shareForm.cjs']);
      // the next run's directory holds shareForm's validator under getWebhook's name: getWebhook's
      // responses are then checked by it, which only a validator read from the file would do
      copyFileSync(join(dir, 'request-shareForm.cjs'), join(next, 'response-getWebhook.cjs'));
      copyFileSync(join(dir, 'error.cjs'), join(next, 'error.cjs'));
      const second = await ContractChecker.create(next);
      expect(second.checkResponse('getWebhook', 200, { recipients: 'a@example.com' })).toBeUndefined();
      expect(second.checkResponse('getWebhook', 200, { status: 'success', data: { enabled: true, url: 'https://x.test', secret: 's' } })).toMatch(/recipients/);
      expect(second.checkResponse(undefined, 400, { status: 'failed', message: 'x' })).toMatch(/contract violation/);
      expect(second.checkResponse(undefined, 404, { status: 'failed', message: 'x', code: 404, data: {} })).toBeUndefined();
      expect(readdirSync(next).sort()).toEqual(['error.cjs', 'response-getWebhook.cjs']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(next, { recursive: true, force: true });
    }
  });
});

describe('contract checks in the sandbox', () => {
  let sb: InProcessSandbox;
  beforeAll(async () => {
    sb = await inProcessSandbox();
  });
  afterAll(() => sb.stop());

  it('serves the description at /_sandbox/openapi.json', async () => {
    const res = await fetch(`${sb.origin}/_sandbox/openapi.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(doc);
  });

  it("refuses a body from formctl's own commands that the description does not allow, and keeps the violation", async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'C', shortText: 'c', fields: [{ type: 'email', option: {} }] } })).body.data.qrId;
    const r = await sb.api('POST', `/forms/${qrId}/share`, { body: { recipients: ['a@example.com'] }, headers: { 'user-agent': 'formctl/0.1.0' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^contract violation \(request of shareForm\)/);
    // a raw call may send it, and gets the service's own answer
    const raw = await sb.api('POST', `/forms/${qrId}/share`, { body: { recipients: ['a@example.com'] }, headers: { 'user-agent': 'formctl/0.1.0 (api)' } });
    expect(raw.body.message).toMatch(/not an array/);
    expect(sb.sandbox.contract!.violations.splice(0)).toHaveLength(1); // taken out so that stop() passes
  });
});

describe('formctl sandbox openapi', () => {
  it('prints the description as JSON on stdout (a verb run through testDeps)', async () => {
    const { testDeps } = await import('../../src/cmdutil/testing.js');
    const { run } = await import('../../src/commands/sandbox/openapi.js');
    const t = testDeps();
    await run(t.deps);
    await t.cleanup();
    expect(JSON.parse(t.stdout())).toEqual(doc);
    expect(t.stderr()).toBe('');
  });
});
