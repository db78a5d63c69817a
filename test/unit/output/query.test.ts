import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import type { IOStreams } from '../../../src/io/streams.js';
import { writeEvent } from '../../../src/output/eventLine.js';
import { renderData } from '../../../src/output/format.js';
import { compileQuery } from '../../../src/output/query.js';

const io: IOStreams = {
  stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {},
  isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false, color: false, colorErr: false, ci: false, canPrompt: false,
};

async function failure(expression: string): Promise<UsageError> {
  const e = await compileQuery(expression).then(() => undefined, (x: unknown) => x);
  expect(e, expression).toBeInstanceOf(UsageError);
  return e as UsageError;
}

describe('compileQuery', () => {
  it('finds where an expression goes wrong: lexer, parser, end of input, unknown function', async () => {
    const cases: Array<[string, number]> = [
      ['a # b', 2],
      ['[?x == `{"a":`]', 7],
      ['a == "open', 5],
      ['foo[?a==`1`]]', 12],
      ['a.b ||', 6],
      ['items[*].name | sort_by(@, &x) | nope(@)', 33],
    ];
    for (const [expression, position] of cases) expect((await failure(expression)).details.data, expression).toEqual({ expression, position });
  });

  it('runs JMESPath, with the backquoted literals jmespath.py accepts, and names a type error', async () => {
    const q = await compileQuery('[?meal==`veg`].email');
    expect(q.apply([{ meal: 'veg', email: 'a@x' }, { meal: 'fish', email: 'b@x' }])).toEqual(['a@x']);
    expect(() => q.apply({ meal: 1 })).not.toThrow();
    await expect(compileQuery('length(@)').then((l) => l.apply(3))).rejects.toThrow(/--query: invalid type/);
  });
});

describe('renderData: a query result in each format', () => {
  const render = (format: 'table' | 'csv' | 'json' | 'jsonl', data: unknown) => renderData(io, { format }, data);
  it('lists of objects, values and lists; one object; one value; null', async () => {
    expect(await render('csv', [{ a: 1, b: 'x' }, { b: 'y', c: true }])).toBe('a,b,c\n1,x,\n,y,true\n');
    expect(await render('table', ['x', 2, null])).toBe('x\n2\n\n');
    expect(await render('csv', [['a', '=1+1'], ['b', 2]])).toBe("a,'=1+1\nb,2\n");
    expect(await render('table', { title: 'T', n: 2 })).toBe('title  T\nn      2\n');
    expect(await render('csv', { title: 'T', n: 2 })).toBe('title,n\nT,2\n');
    expect(await render('table', 'text')).toBe('text\n');
    expect(await render('table', null)).toBe('');
    expect(await render('json', null)).toBe('null\n');
    expect(await render('jsonl', [{ a: 1 }, 2])).toBe('{"a":1}\n2\n');
    await expect(render('table', ['x', { a: 1 }])).rejects.toThrow(/mixes them: use -o json/);
  });
});

describe('writeEvent with --query: each event through it, null and false skipped', () => {
  it('filters a stream', async () => {
    const stdout = new PassThrough();
    const query = await compileQuery("answers.meal == 'veg' && id");
    const summary = () => ({ at: '', event: 'e', qrId: 'Q', answers: [] });
    for (const [id, meal] of [['1', 'veg'], ['2', 'fish'], ['3', 'veg']] as const) writeEvent({ ...io, stdout }, { format: 'jsonl', quiet: false, query }, { id, answers: { meal } }, id, summary);
    expect(String(stdout.read())).toBe('"1"\n"3"\n');
  });
});
