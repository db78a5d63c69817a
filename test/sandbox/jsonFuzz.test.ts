import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';
import { seededRandom } from '../../src/domain/random.js';

// Every JSON route of the OpenAPI description the sandbox serves, under random and mutated bodies and
// query strings, as the owner and as a Viewer: the process stays up, every answer is the envelope the
// contract describes (the helper checks each response against it and fails on stop), nothing answers
// 500, and no file is left behind. Multipart routes have their own fuzz test (multipartFuzz.test.ts).

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; const?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; minLength?: number; minimum?: number };
type Doc = { paths: Record<string, Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: Array<{ name: string; in: string }> }>>; components?: { schemas?: Record<string, Schema> } };

let sb: InProcessSandbox;
let doc: Doc;
const ids: Record<string, string> = {};

const r = seededRandom(20261125);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const WEIRD: unknown[] = [null, true, 0, -1, 1e308, -0, 3.5, '', ' ', 'x'.repeat(5000), '\u0000\u202e<script>', '2026-13-45', [], [null], {}, { __proto__: 1 }, [[[[[[]]]]]], 'fk_notakey', '../../etc/passwd', 'NaN'];

function resolve(s: Schema): Schema {
  if (s.$ref) return resolve(doc.components!.schemas![s.$ref.split('/').pop()!]!);
  if (s.allOf?.length) return resolve(s.allOf[0]!);
  if (s.anyOf?.length) return resolve(pick(s.anyOf));
  if (s.oneOf?.length) return resolve(pick(s.oneOf));
  return s;
}

/** A value of the schema's shape, with its own random choices. */
function example(schema: Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return pick(s.enum);
  const type = Array.isArray(s.type) ? pick(s.type) : s.type;
  if (depth > 4) return null;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([k]) => s.required?.includes(k) || r() < 0.5).map(([k, v]) => [k, example(v, depth + 1)]));
    case 'array':
      return Array.from({ length: Math.floor(r() * 3) }, () => example(s.items ?? {}, depth + 1));
    case 'string':
      return pick(['hello world form', 'a@b.co', 'veg', 'Admin', 'https://example.com/x', '2026-06-01', 'x'.repeat(s.minLength ?? 1)]);
    case 'integer':
    case 'number':
      return pick([0, 1, 5, 100, -3]);
    case 'boolean':
      return r() < 0.5;
    default:
      return pick(WEIRD);
  }
}

/** A valid-looking body, then broken: a property replaced, dropped or added, an item of a list replaced, or the whole thing swapped. */
function mutate(body: unknown): unknown {
  const roll = r();
  if (roll < 0.15) return pick(WEIRD);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (roll < 0.45 && keys.length) copy[pick(keys)] = pick(WEIRD);
  else if (roll < 0.6 && keys.length) delete copy[pick(keys)];
  else if (roll < 0.75) copy[pick(['__proto__', 'constructor', 'qrId', 'extra', 'key'])] = pick(WEIRD);
  else {
    // one level down: an item of a list (a field, an answer) replaced by anything (null is an object to typeof)
    const lists = keys.filter((k) => Array.isArray(copy[k]) && (copy[k] as unknown[]).length);
    if (lists.length) {
      const k = pick(lists);
      const items = [...(copy[k] as unknown[])];
      items[Math.floor(r() * items.length)] = pick([null, ...WEIRD]);
      copy[k] = items;
    }
  }
  return copy;
}

function pathFor(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(r() < 0.8 ? (ids[name] ?? 'X') : String(pick(WEIRD))));
}

function queryFor(params: Array<{ name: string; in: string }> = []): string {
  const q = new URLSearchParams();
  for (const p of params.filter((x) => x.in === 'query')) if (r() < 0.6) q.append(p.name, String(pick([...WEIRD, '1', '2', 'png', 'day', 'UTC', ids.categoryId])));
  const s = q.toString();
  return s ? `?${s}` : '';
}

beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
  doc = (await (await fetch(`${sb.origin}/_sandbox/openapi.json`)).json()) as Doc;
  const form = await sb.api('POST', '/forms', { body: { title: 'Fuzz', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A', required: true } }, { type: 'radio', option: { label: 'B', options: [{ name: 'Veg', value: 'veg' }] } }] } });
  ids.qrId = form.body.data.qrId;
  const sub = await sb.api('POST', `/forms/${ids.qrId}/submissions`, { body: { answers: { [form.body.data.fields[0].key]: 'x' } } });
  ids.submissionId = sub.body.data.submissionId;
  const cats = await sb.api('GET', '/form-templates/categories');
  ids.categoryId = cats.body.data[0].id;
  ids.templateId = (await sb.api('GET', `/form-templates?categoryId=${ids.categoryId}`)).body.data[0].id;
  ids.memberId = (await sb.api('GET', '/team/members')).body.data.members[0].id;
  ids.fileId = '0123456789abcdef01234567';
});
afterAll(() => sb.stop()); // fails on any response the contract does not describe

describe('every JSON route under random and mutated input', () => {
  it('stays up, answers every request with the envelope, never 500, and leaves no file', async () => {
    let sent = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.operationId || op.requestBody?.content['multipart/form-data']) continue;
        const schema = op.requestBody?.content['application/json']?.schema;
        for (let i = 0; i < 8; i++) {
          const body = schema ? JSON.stringify(mutate(example(schema))) : undefined;
          const path = `${pathFor(template)}${queryFor(op.parameters)}`;
          const res = await fetch(`${sb.baseUrl}${path}`, {
            method: method.toUpperCase(),
            headers: { authorization: `Bearer ${sb.keys[i % 2 ? 'viewer' : 'owner']}`, 'content-type': 'application/json' },
            body,
          });
          sent++;
          const text = await res.text();
          const what = `${method.toUpperCase()} ${path} ${body?.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, what).not.toBe(500);
          if (res.headers.get('content-type')?.startsWith('application/json')) {
            const env = JSON.parse(text);
            expect(env.status, what).toBe(res.status === 200 ? 'success' : 'failed');
          } else {
            expect([op.operationId, res.status], what).toEqual(['downloadFormQr', 200]);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect((await sb.api('GET', '/forms')).status).toBe(200);
    const stray = readdirSync(join(sb.dataDir, 'files')).filter((id) => !sb.sandbox.store.files.get(id));
    expect(stray).toEqual([]);
  });

  it('an item of a list that is null, a number or a list is refused, never a 500, on every route whose body holds a list', async () => {
    const lists: string[] = [];
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.operationId ? op.requestBody?.content['application/json']?.schema : undefined;
        if (!schema) continue;
        // a body of the schema with a list of at least one item (the examples leave optional properties out at random)
        let body: Record<string, unknown> | undefined;
        for (let tries = 0; tries < 40 && !body; tries++) {
          const b = example(schema);
          if (b && typeof b === 'object' && Object.values(b).some((v) => Array.isArray(v) && v.length)) body = b as Record<string, unknown>;
        }
        if (!body) continue;
        for (const [k, v] of Object.entries(body)) {
          if (!Array.isArray(v) || !v.length) continue;
          lists.push(`${op.operationId}.${k}`);
          for (const bad of [null, 1, [], 'x']) {
            const res = await fetch(`${sb.baseUrl}${pathFor(template).replace(/[^/]*%[^/]*/g, 'X')}`, {
              method: method.toUpperCase(),
              headers: { authorization: `Bearer ${sb.keys.owner}`, 'content-type': 'application/json' },
              body: JSON.stringify({ ...body, [k]: [bad, ...v.slice(1)] }),
            });
            expect(res.status, `${method.toUpperCase()} ${template} ${k}[0] = ${JSON.stringify(bad)}: ${(await res.text()).slice(0, 200)}`).not.toBe(500);
          }
        }
      }
    }
    // the form routes' fields, among others
    expect(lists).toEqual(expect.arrayContaining(['createForm.fields', 'updateForm.fields']));
  });
});
