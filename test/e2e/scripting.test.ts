import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

// The real bin/formctl as a CI step runs it: exit codes, stdout, and stderr as one JSON object.
let sb: SandboxHandle;
let qrId: string;
beforeAll(async () => {
  sb = await startSandbox();
  const made = await sb.cli(['forms', 'create', '--title', 'Lunch', '--field', 'email:E-mail*', '--field', 'radio:Meal*:vegetarian|fish', '-q']);
  qrId = made.stdout.trim();
  for (const [mail, meal] of [['ada@example.com', 'vegetarian'], ['bob@example.com', 'fish']]) {
    expect((await sb.cli(['submissions', 'create', qrId, '--set', `E-mail=${mail}`, '--set', `Meal=${meal}`, '-q'])).exitCode).toBe(0);
  }
});
afterAll(() => sb.stop());

function oneJsonObject(stderr: string): Record<string, unknown> {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  return JSON.parse(stderr) as Record<string, unknown>;
}

describe('scripting with the real binary', () => {
  it('--query answers from the JSON: field keys from the schema, then the vegetarians', async () => {
    const key = async (label: string) => (await sb.cli(['submissions', 'schema', qrId, '--query', `fields.* | [?label=='${label}'].key | [0]`, '-o', 'table'])).stdout.trim();
    const [meal, mail] = [await key('Meal'), await key('E-mail')];
    const r = await sb.cli(['submissions', 'list', qrId, '--all', '--query', `[?answers.${meal}=='vegetarian'].answers.${mail}`, '-o', 'table']);
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, 'ada@example.com\n', '']);
  });

  it('failures under -o json: one JSON object on stderr and the documented exit code', async () => {
    const before = await sb.requestCount();
    const usage = await sb.cli(['forms', 'list', '-o', 'json', '--colums', 'qrId']);
    expect([usage.exitCode, usage.stdout]).toEqual([2, '']);
    expect(oneJsonObject(usage.stderr)).toMatchObject({ status: 'failed', code: 0, exitCode: 2, kind: 'usage', message: expect.stringContaining("unknown option '--colums'") });
    const query = await sb.cli(['submissions', 'list', qrId, '--all', '--json', '--query', '[?answers.x==']);
    expect(query.exitCode).toBe(2);
    expect(oneJsonObject(query.stderr)).toMatchObject({ exitCode: 2, kind: 'usage', data: { position: 13 } });
    const cap = await sb.cli(['forms', 'list', '--max-requests', '0'], { env: { FORMCTL_ERROR_FORMAT: 'json' } });
    expect(cap.exitCode).toBe(5);
    expect(oneJsonObject(cap.stderr)).toMatchObject({ exitCode: 5, kind: 'request-cap' });
    expect(await sb.requestCount()).toBe(before);
    const api = await sb.cli(['forms', 'get', 'NOSUCH1', '-o', 'json']);
    expect(api.exitCode).toBe(1);
    expect(oneJsonObject(api.stderr)).toEqual({ status: 'failed', message: 'Form not found', code: 400, data: {}, exitCode: 1, kind: 'api', httpStatus: 400 });
    const auth = await sb.cli(['forms', 'list', '-o', 'json'], { env: { FORMCTL_API_KEY: 'fk_wrong' } });
    expect(auth.exitCode).toBe(4);
    expect(oneJsonObject(auth.stderr)).toMatchObject({ code: 401, exitCode: 4, kind: 'auth', httpStatus: 401 });
  });
});
