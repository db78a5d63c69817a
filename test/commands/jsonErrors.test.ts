import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/commandSandbox.js';
import { submissionFixtures, type Made } from '../helpers/fixtures.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let survey: Made;
const fx = submissionFixtures(() => sb);
beforeAll(async () => {
  sb = await startSandbox();
  survey = await fx.survey();
});
afterAll(() => sb.stop());

/** stderr must be exactly one JSON object (one line), nothing else. */
function oneObject(stderr: string): Record<string, unknown> {
  expect(stderr.endsWith('\n') && stderr.trim().split('\n')).toHaveLength(1);
  const parsed = JSON.parse(stderr) as Record<string, unknown>;
  expect(parsed).toMatchObject({ status: 'failed', message: expect.any(String), code: expect.any(Number), data: expect.any(Object), exitCode: expect.any(Number), kind: expect.any(String) });
  return parsed;
}

describe('failures as one JSON object on stderr (-o json, FORMCTL_ERROR_FORMAT=json)', () => {
  it('local failures: a bad flag, a bad --query, a missing file, an output path that cannot be written', async () => {
    const before = await sb.requestCount();
    const flag = await sb.cli(['forms', 'list', '--no-such-flag', '-o', 'json']);
    expect([flag.exitCode, flag.stdout]).toEqual([2, '']);
    expect(oneObject(flag.stderr)).toEqual({ status: 'failed', message: "unknown option '--no-such-flag'", code: 0, data: {}, exitCode: 2, kind: 'usage' });
    const query = await sb.cli(['forms', 'list', '--json', '--query', '[].title &']);
    expect(oneObject(query.stderr)).toMatchObject({ exitCode: 2, kind: 'usage', message: expect.stringContaining('position 9'), data: { expression: '[].title &', position: 9 } });
    const missing = await sb.cli(['submissions', 'create', survey.qrId, '--answers', '@/nonexistent/answers.json', '-o', 'json']);
    expect(oneObject(missing.stderr)).toMatchObject({ exitCode: 2, kind: 'usage', message: expect.stringContaining('/nonexistent/answers.json') });
    // a command without -o json (export writes files): the environment asks for JSON
    const out = await sb.cli(['submissions', 'export', survey.qrId, '--out', '/nonexistent/dir/x.csv'], { env: { FORMCTL_ERROR_FORMAT: 'json' } });
    expect(oneObject(out.stderr)).toMatchObject({ exitCode: 2, kind: 'usage', message: expect.stringContaining('/nonexistent/dir/x.csv') });
    // a group without its verb, in JSON too
    const verbless = await sb.cli(['forms'], { env: { FORMCTL_ERROR_FORMAT: 'json' } });
    expect([verbless.exitCode, oneObject(verbless.stderr).kind]).toEqual([2, 'usage']);
    expect(await sb.requestCount()).toBe(before);
  });

  it('the quota cap: exit 5, kind request-cap', async () => {
    const r = await sb.cli(['forms', 'list', '-o', 'json', '--max-requests', '0']);
    expect([r.exitCode, r.stdout]).toEqual([5, '']);
    expect(oneObject(r.stderr)).toMatchObject({ code: 0, exitCode: 5, kind: 'request-cap', message: expect.stringContaining('--max-requests 0 reached') });
    // what to do next, said for the command it stopped (a list has no ledger to resume from)
    expect(oneObject(r.stderr).message).toMatch(/; raise --max-requests \(or leave it out\) and run it again$/);
  });

  it("an API error carries the service's envelope, httpStatus, and retryAfter on a 429 that says it", async () => {
    const notFound = await sb.cli(['forms', 'get', 'NOSUCH1', '-o', 'json']);
    expect(oneObject(notFound.stderr)).toEqual({ status: 'failed', message: 'Form not found', code: 400, data: {}, exitCode: 1, kind: 'api', httpStatus: 400 });
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=429,retry-after=7,route=GET /forms,count=5' });
    try {
      const limited = await sb.cli(['forms', 'list', '-o', 'json', '--retries', '0']);
      expect(limited.exitCode).toBe(5);
      expect(oneObject(limited.stderr)).toMatchObject({ code: 429, exitCode: 5, kind: 'rate-limit', httpStatus: 429, retryAfter: 7 });
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
  });

  it('validation: fieldErrors name each field, from the service and from the local check alike', async () => {
    const remote = await sb.cli(['submissions', 'create', survey.qrId, '--answers', JSON.stringify({ [survey.keys.Mail!]: 'not-an-address' }), '-o', 'json']);
    expect(remote.exitCode).toBe(3);
    const e = oneObject(remote.stderr);
    expect(e).toMatchObject({ code: 400, exitCode: 3, kind: 'validation', data: { valid: false } });
    expect(e.fieldErrors).toEqual(expect.arrayContaining([
      { field: survey.keys.Mail, message: expect.any(String), code: 'invalid_email', type: 'email' },
      { field: survey.keys.Name, message: expect.any(String), code: 'missing_entry', type: 'name' },
    ]));
    // with a cached schema the same check is made before any request
    expect((await sb.cli(['submissions', 'schema', survey.qrId, '-q'])).exitCode).toBe(0);
    const before = await sb.requestCount();
    const local = await sb.cli(['submissions', 'create', survey.qrId, '--answers', '{}', '--json']);
    expect(local.exitCode).toBe(3);
    const made = oneObject(local.stderr);
    expect(made).toMatchObject({ exitCode: 3, kind: 'validation', fieldErrors: expect.arrayContaining([expect.objectContaining({ field: survey.keys.Name, message: expect.any(String) })]) });
    // no answer from the service: code 0 and no httpStatus (scripting-and-ci.md, "Errors as JSON")
    expect([made.code, 'httpStatus' in made]).toEqual([0, false]);
    expect(await sb.requestCount()).toBe(before);
  });

  it('FORMCTL_ERROR_FORMAT=text keeps lines under -o json; without either, errors are lines', async () => {
    const text = await sb.cli(['forms', 'get', 'NOSUCH1', '-o', 'json'], { env: { FORMCTL_ERROR_FORMAT: 'text' } });
    expect(text.stderr).toMatch(/^error: Form not found/);
    const plain = await sb.cli(['forms', 'list', '--no-such-flag']);
    expect(plain.stderr).toMatch(/^error: unknown option '--no-such-flag'\n\(add --help for usage\)/);
  });
});
