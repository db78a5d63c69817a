import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/domain/contract/operations.js';
import { OPERATION_DOCS } from '../../src/domain/contract/operationDocs.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// spec §2.4, §4: the description the sandbox serves says what the sandbox checks. A client generated
// from it (openapi-typescript + openapi-fetch, as a user would) type-checks the bodies the sandbox
// accepts and refuses, at compile time, the bodies the sandbox answers with 400.

const form = (fields: unknown[]) => ({ title: 'Lunch', shortText: 'What would you like?', fields });
const radio = (options: unknown) => ({ type: 'radio', option: { label: 'Main', options } });
const CASCADE = [{ name: 'Europe', value: 'Europe', options: [{ name: 'France', value: 'France', options: [{ name: 'Paris', value: 'Paris' }] }] }];

/** [why, body] of POST /forms the sandbox accepts */
const ACCEPTED: Array<[string, unknown]> = [
  ['choices {name, value, key?}', form([radio([{ name: 'Vegetarian', value: 'veg' }, { name: 'Fish', value: 'fish', key: 'k1' }])])],
  ['a field with no option', form([{ type: 'email' }])],
  ['an option property the spec does not list passes through', form([{ type: 'shortText', option: { label: 'Dish', placeholder: 'e.g. soup' } }])],
  ['a cascade tree', form([{ type: 'multipleLevelSelect', option: { label: 'Office', options: CASCADE } }])],
  ['rows of a sheet and a checkList', form([{ type: 'sheet', option: { rowLabels: ['Food', 'Venue'] } }, { type: 'checkList', option: { rowLabels: ['Tidy'], neutral: true } }])],
  ['quiz answers: a value or a list of values; a number on number', form([{ ...radio([{ name: 'Paris', value: 'paris' }]), quizConfig: { points: 2, correctAnswers: 'paris' } }, { type: 'number', quizConfig: { points: 1, correctAnswers: 4 } }])],
  ['gender with no choices (the product defaults)', form([{ type: 'gender', option: { label: 'Gender' } }])],
];

/** [why, body] of POST /forms the sandbox refuses with 400 */
const REFUSED: Array<[string, unknown]> = [
  ['a choice without value', form([radio([{ name: 'veg' }])])],
  ['a choice as a bare string', form([radio(['veg'])])],
  ['a radio field without options', form([{ type: 'radio', option: { label: 'Main' } }])],
  ['a choice with an unknown member', form([radio([{ name: 'Fish', value: 'fish', price: 3 }])])],
  ['a cascade node without value', form([{ type: 'multipleLevelSelect', option: { options: [{ name: 'Europe', options: [] }] } }])],
  ['a sheet without rowLabels', form([{ type: 'sheet', option: { label: 'Ratings' } }])],
  ['a score on a type that is not scored', form([{ type: 'email', quizConfig: { points: 1 } }])],
  ['correct answers that are not values', form([{ type: 'shortText', quizConfig: { correctAnswers: [{ text: 'Tokyo' }] } }])],
  ['a field key on create', form([{ key: 'f1', type: 'email' }])],
  ['an unknown field type', form([{ type: 'slider' }])],
  ['a field member the spec does not list', form([{ type: 'email', required: true }])],
  ['a label that is not text', form([{ type: 'email', option: { label: 42 } }])],
];

/** The client program: each refused body on one line under @ts-expect-error, so that tsc fails if it is accepted. */
function clientSource(): string {
  const lines = [
    "import createClient from 'openapi-fetch';",
    "import type { paths } from './api';",
    "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010/v1' });",
    "type FormBody = paths['/forms']['post']['requestBody']['content']['application/json'];",
    'const body = (b: FormBody) => b;',
    'export const accepted = [',
    ...ACCEPTED.map(([why, b]) => `  body(${JSON.stringify(b)}), // ${why}`),
    '];',
    ...REFUSED.flatMap(([why, b]) => [`// @ts-expect-error ${why}`, `body(${JSON.stringify(b)});`]),
    // the other operations' bodies, through the client as a user writes them
    "export const share = () => client.POST('/forms/{qrId}/share', { params: { path: { qrId: 'F7K2Q9' } }, body: { recipients: 'a@example.com' } });",
    '// @ts-expect-error recipients is one comma-separated string, not an array',
    "export const shareArray = () => client.POST('/forms/{qrId}/share', { params: { path: { qrId: 'F7K2Q9' } }, body: { recipients: ['a@example.com'] } });",
    '// @ts-expect-error userType is Admin, Editor or Viewer',
    "export const owner = () => client.POST('/team/members', { body: { email: 'a@example.com', password: 'p', userType: 'Owner' } });",
    '// @ts-expect-error enabled is true or false',
    "export const enabled = () => client.PUT('/account/webhook', { body: { enabled: 'yes', url: 'https://x.test' } });",
    "export const update = () => client.PUT('/forms/{qrId}', { params: { path: { qrId: 'F7K2Q9' } }, body: { fields: [{ key: 'f1', type: 'email' }] } });",
  ];
  return `${lines.join('\n')}\n`;
}

/** The client's type errors, from TypeScript's own tsc (the native one the type check uses) over the project. */
async function typeErrors(dir: string): Promise<string[]> {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, types: [] },
    files: ['client.ts'],
  }));
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');
  const r = await execa(process.execPath, [tsc, '-p', '.', '--pretty', 'false'], { cwd: dir, reject: false });
  if (r.exitCode !== 0 && !r.stdout.includes('error TS')) throw new Error(`tsc failed: ${r.stderr || r.stdout}`);
  return r.stdout.split('\n').filter((l) => l.includes('error TS'));
}

describe('a typed client generated from the served description', () => {
  let sb: InProcessSandbox;
  let dir: string;
  let served: Record<string, any>;
  beforeAll(async () => {
    sb = await inProcessSandbox();
    served = (await (await fetch(`${sb.origin}/_sandbox/openapi.json`)).json()) as Record<string, any>;
    dir = mkdtempSync(join(tmpdir(), 'formctl-client-'));
    // the client project depends on openapi-fetch: this project's copy, linked as an install would place it
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(dirname(createRequire(import.meta.url).resolve('openapi-fetch/package.json')), join(dir, 'node_modules', 'openapi-fetch'), 'dir');
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(served as never)));
    writeFileSync(join(dir, 'client.ts'), clientSource());
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await sb.stop();
  });

  it('type-checks the bodies the sandbox accepts and refuses each one it answers with 400', async () => {
    // an unused @ts-expect-error is itself an error: a refused body that type-checks fails here
    expect(await typeErrors(dir)).toEqual([]);
  });

  it.each(ACCEPTED)('the sandbox accepts %s', async (_why, body) => {
    const r = await sb.api('POST', '/forms', { body });
    expect([r.status, r.body.message]).toEqual([200, undefined]);
  });

  it.each(REFUSED)('the sandbox refuses %s with 400', async (_why, body) => {
    const r = await sb.api('POST', '/forms', { body });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Invalid form: fields\[0\]/);
  });

  it('every operation has a description, and every body example is a body the sandbox accepts', async () => {
    for (const op of OPERATIONS) expect(served.paths[op.path][op.method].description, op.operationId).toBe(OPERATION_DOCS[op.operationId]!.description);
    const qrId = (await sb.api('POST', '/forms', { body: OPERATION_DOCS.createForm!.body })).body.data.qrId as string;
    for (const op of OPERATIONS.filter((o) => o.body && o.body !== 'multipart')) {
      const example = served.paths[op.path][op.method].requestBody.content['application/json'].example;
      expect((op.body as { safeParse(v: unknown): { success: boolean } }).safeParse(example).success, op.operationId).toBe(true);
    }
    expect((await sb.api('POST', `/forms/${qrId}/share`, { body: OPERATION_DOCS.shareForm!.body })).status).toBe(200);
  });

  it('passes spectral lint with the spectral:oas ruleset: no error, no warning', async () => {
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(served, null, 2));
    // spectral's own bin, as `npx spectral` would run it, without npm's start-up before it
    const pkg = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/package.json');
    const spectral = join(dirname(pkg), (JSON.parse(readFileSync(pkg, 'utf8')) as { bin: { spectral: string } }).bin.spectral);
    const r = await execa(process.execPath, [spectral, 'lint', '--quiet', '--format', 'json', '--ruleset', join(dir, '.spectral.yaml'), join(dir, 'openapi.json')], { reject: false });
    const results = JSON.parse(r.stdout) as Array<{ code: string; severity: number; message: string; path: string[] }>;
    // severity 0 is an error, 1 a warning
    expect(results.filter((x) => x.severity <= 1).map((x) => `${x.code} ${x.path.join('.')}: ${x.message}`)).toEqual([]);
  }, 60_000);
});
