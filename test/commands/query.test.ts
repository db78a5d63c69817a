import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/commandSandbox.js';
import { submissionFixtures, type Made } from '../helpers/fixtures.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let survey: Made;
const fx = submissionFixtures(() => sb);
beforeAll(async () => {
  sb = await startSandbox();
  survey = await fx.survey();
  const people = [
    ['ada@example.com', 'veg'],
    ['bob@example.com', 'fish'],
    ['cy@example.com', 'veg'],
  ];
  for (const [mail, meal] of people) {
    const answers = { [survey.keys.Name!]: { firstName: 'A', lastName: 'B' }, [survey.keys.Mail!]: mail, [survey.keys.Meal!]: meal };
    expect((await sb.api('POST', `/forms/${survey.qrId}/submissions`, { body: { answers } })).status).toBe(200);
  }
});
afterAll(() => sb.stop());

describe('--query', () => {
  it('answers "the e-mail of every submission that chose the vegetarian meal" after --all, in each format', async () => {
    // the field keys by label, from the schema, with --query too
    const key = async (label: string) => (await sb.cli(['submissions', 'schema', survey.qrId, '--query', `fields.* | [?label=='${label}'].key | [0]`, '-o', 'table'])).stdout.trim();
    const [meal, mail] = [await key('Meal'), await key('Mail')];
    expect([meal, mail]).toEqual([survey.keys.Meal, survey.keys.Mail]);
    const expr = `[?answers.${meal}=='veg'].answers.${mail}`;
    const json = await sb.cli(['submissions', 'list', survey.qrId, '--all', '--limit', '1', '--query', expr]);
    expect([json.exitCode, json.stderr]).toEqual([0, '']);
    expect(JSON.parse(json.stdout).sort()).toEqual(['ada@example.com', 'cy@example.com']);
    // values one per line with -o table and -o csv; a line each with -o jsonl
    const table = await sb.cli(['submissions', 'list', survey.qrId, '--all', '--query', expr, '-o', 'table']);
    expect(table.stdout.split('\n').filter(Boolean).sort()).toEqual(['ada@example.com', 'cy@example.com']);
    const csv = await sb.cli(['submissions', 'list', survey.qrId, '--query', `sort(${expr})`, '-o', 'csv']);
    expect(csv.stdout).toBe('ada@example.com\ncy@example.com\n');
    const jsonl = await sb.cli(['submissions', 'list', survey.qrId, '--query', `sort(${expr})`, '-o', 'jsonl']);
    expect(jsonl.stdout).toBe('"ada@example.com"\n"cy@example.com"\n');
    // the backquoted literal AWS CLI users write works too
    const legacy = await sb.cli(['submissions', 'list', survey.qrId, '--query', `length([?answers.${meal}==\`veg\`])`]);
    expect(legacy.stdout).toBe('2\n');
  });

  it('a list of objects is a table and a CSV with their keys as columns; one object a key/value listing', async () => {
    const csv = await sb.cli(['forms', 'list', '--query', '[].{id: qrId, name: title, n: submissions}', '-o', 'csv']);
    expect(csv.stdout).toBe(`id,name,n\n${survey.qrId},Survey,3\n`);
    const table = await sb.cli(['forms', 'list', '--query', '[].{id: qrId, name: title}', '-o', 'table']);
    expect(table.stdout).toMatch(new RegExp(`id +│ name[\\s\\S]*${survey.qrId} +│ Survey`));
    const one = await sb.cli(['forms', 'get', survey.qrId, '--query', '{title: title, fields: length(fields)}', '-o', 'table']);
    expect(one.stdout).toBe('title   Survey\nfields  4\n');
    const rows = await sb.cli(['forms', 'get', survey.qrId, '--query', 'fields[].[type, option.label]', '-o', 'csv']);
    expect(rows.stdout).toBe('name,Name\nemail,Mail\nradio,Meal\nshortText,Note\n');
    // --columns first picks the keys of the JSON the query reads
    const picked = await sb.cli(['forms', 'get', survey.qrId, '--columns', 'qrId,title', '--query', '@']);
    expect(JSON.parse(picked.stdout)).toEqual({ qrId: survey.qrId, title: 'Survey' });
  });

  it('reads the same JSON as -o json for records printed whole: api --paginate, analytics, schema', async () => {
    const api = await sb.cli(['api', '/forms', '--paginate', '--query', '[].title']);
    expect(JSON.parse(api.stdout)).toEqual(['Survey']);
    // a string result is printed bare, as gh api --jq prints it (QR=$(formctl api … --query data.qrId))
    const bare = await sb.cli(['api', `/forms/${survey.qrId}`, '--query', 'data.qrId']);
    expect([bare.exitCode, bare.stdout]).toEqual([0, `${survey.qrId}\n`]);
    expect((await sb.cli(['api', `/forms/${survey.qrId}`, '--query', 'data.fields[0].option.required'])).stdout).toBe('true\n');
    // other commands keep -o json's quotes: -o table gives bare text there
    expect((await sb.cli(['forms', 'get', survey.qrId, '--query', 'qrId'])).stdout).toBe(`"${survey.qrId}"\n`);
    const analytics = await sb.cli(['analytics', survey.qrId, '--query', '{scans: scans, form: form.qrId}']);
    expect(JSON.parse(analytics.stdout)).toEqual({ scans: 0, form: survey.qrId });
    const schema = await sb.cli(['submissions', 'schema', survey.qrId, '--query', 'length(keys(fields))']);
    expect(schema.stdout).toBe('4\n');
  });

  it('a bad expression is exit 2 naming the position, before any request', async () => {
    const before = await sb.requestCount();
    const cases: Array<[string, RegExp]> = [
      ['[?answers.x==', /syntax error at position 13 \(counting from 0\): the expression ends too soon/],
      ['[].title &', /syntax error at position 9 .*\n {2}\[\]\.title &\n {11}\^/],
      ['a # b', /syntax error at position 2 .*unknown character/],
      ['foo[?a==`1`]]', /syntax error at position 12 .*unexpected token type: Rbracket/],
      ['nope(@)', /position 0 .*unknown function nope\(\)/],
      ['', /--query: the expression is empty/],
    ];
    for (const [expr, message] of cases) {
      const r = await sb.cli(['submissions', 'list', survey.qrId, '--all', '--query', expr]);
      expect([r.exitCode, r.stdout], expr).toEqual([2, '']);
      expect(r.stderr, expr).toMatch(message);
    }
    // -q prints ids: with --query one of them is needless
    const both = await sb.cli(['forms', 'list', '-q', '--query', '[].qrId']);
    expect([both.exitCode, both.stderr]).toEqual([2, expect.stringContaining('give one of them')]);
    expect(await sb.requestCount()).toBe(before);
  });

  it('a result a table cannot show is exit 2 saying what to do; a type error names the query', async () => {
    const mixed = await sb.cli(['forms', 'get', survey.qrId, '--query', '[title, fields[0]]', '-o', 'csv']);
    expect([mixed.exitCode, mixed.stderr]).toEqual([2, expect.stringContaining('use -o json')]);
    const typed = await sb.cli(['forms', 'get', survey.qrId, '--query', 'length(scans)']);
    expect([typed.exitCode, typed.stderr]).toEqual([2, expect.stringMatching(/--query: invalid type: length\(\)/)]);
  });
});
