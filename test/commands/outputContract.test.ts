import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/run.js';

// Issue 25: one output contract on every verb that prints a result: -o table|json|jsonl|csv, --json,
// --columns and -q. The walk goes over the whole command tree; a verb without them must be listed
// here with its reason (docs/getting-started.md, "Conventions", names the same exceptions).

/** Verbs whose stdout is not records (the documented exceptions). */
export const NOT_RECORDS: Record<string, string> = {
  completion: 'a shell script',
  'sandbox openapi': 'the OpenAPI document',
  api: 'the response body as the service sent it',
  'config get': 'one value',
  'config path': 'one path',
  'forms download': 'image bytes',
  'forms pull': 'definition files',
  'forms diff': 'a diff',
  'ai draft': 'a form body (-o yaml|json)',
  'submissions export': 'a file or stream of its own format (--format)',
  'submissions sync': 'a database',
  doctor: 'a report of checks (-o json for machines)',
  mcp: 'the MCP protocol on stdout (--print-config: a JSON snippet)',
};

/** Verbs that print no result on stdout: a sentence on stderr says what happened. */
export const NO_RESULT = [
  'auth login', 'auth logout', 'auth switch', 'auth migrate', 'config set', 'config unset',
  'forms share', 'forms apply', 'forms design', 'forms open', 'submissions update', 'submissions delete', 'submissions import',
  'analytics export', 'team remove', 'team reset-password', 'team rename', 'templates favorite', 'templates unfavorite', 'templates share',
  'upload delete', 'webhook disable', 'webhook verify', 'sandbox plan', 'sandbox seed scans', 'sandbox seed submissions', 'sandbox reset',
];

const CONTRACT = ['-o, --output <format>', '--json', '--columns <names>', '-q, --quiet'];

async function leaves(): Promise<Array<{ path: string; flags: string[] }>> {
  const program = await buildProgram([], true);
  const out: Array<{ path: string; flags: string[] }> = [];
  const walk = (cmd: typeof program, path: string[]) => {
    for (const c of cmd.commands) {
      if ((c as unknown as { _hidden?: boolean })._hidden) continue;
      const here = [...path, c.name()];
      if (c.commands.length === 0) out.push({ path: here.join(' '), flags: c.options.map((o) => o.flags) });
      walk(c, here);
    }
  };
  walk(program, []);
  return out;
}

describe('the output contract', () => {
  it('every verb that prints a result takes -o, --json, --columns and -q', async () => {
    const verbs = await leaves();
    const exempt = new Set([...Object.keys(NOT_RECORDS), ...NO_RESULT]);
    const missing = verbs.filter((v) => !exempt.has(v.path)).map((v) => ({ verb: v.path, missing: CONTRACT.filter((f) => !v.flags.includes(f)) })).filter((v) => v.missing.length);
    expect(missing).toEqual([]);
    // the exceptions name verbs that exist, and none of them is also under the contract
    const paths = verbs.map((v) => v.path);
    expect([...exempt].filter((v) => !paths.includes(v))).toEqual([]);
    const covered = verbs.filter((v) => !exempt.has(v.path)).length;
    expect(covered).toBeGreaterThan(40);
  });
});

describe('the contract in use', () => {
  it('submissions validate takes -o; --columns takes header labels in any case; an empty list says what to do', async () => {
    const { startSandbox } = await import('../helpers/commandSandbox.js');
    const sb = await startSandbox();
    try {
      const empty = await sb.run(['forms', 'list'], { tty: true, env: { NO_COLOR: '1' } });
      expect([empty.exitCode, empty.stdout, empty.stderr]).toEqual([0, '', expect.stringContaining('No forms yet. Create one: formctl forms create --title')]);
      expect((await sb.run(['forms', 'list', '-o', 'json'])).stdout).toBe('[]\n');
      const form = await sb.api('POST', '/forms', { body: { title: 'Lunch', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Title', required: true } }] } });
      const qrId = form.body.data.qrId as string;
      const valid = await sb.run(['submissions', 'validate', qrId, '--set', 'Title=Hi', '-o', 'json']);
      expect([valid.exitCode, JSON.parse(valid.stdout)]).toEqual([0, { valid: true }]);
      expect((await sb.run(['submissions', 'validate', qrId, '--set', 'Title=Hi', '-q'])).stdout).toBe(`${qrId}\n`);
      await sb.run(['submissions', 'create', qrId, '--set', 'Title=Hello there']);
      const byLabel = await sb.run(['submissions', 'list', qrId, '-o', 'csv', '--columns', 'title,ID']);
      expect([byLabel.exitCode, byLabel.stdout.split('\n')[0], byLabel.stdout.split('\n')[1]]).toEqual([0, 'Title,id', expect.stringMatching(/^Hello there,[0-9a-f]{24}$/)]);
      expect((await sb.run(['forms', 'list', '-o', 'csv', '--columns', 'QRID,Title'])).stdout.split('\n')[0]).toBe('qrId,title');
      // a field shown in parts is named by its label alone: its part columns, in order
      const people = (await sb.api('POST', '/forms', { body: { title: 'People', shortText: 'x', fields: [{ type: 'name', option: { label: 'Your name' } }, { type: 'email', option: { label: 'Mail' } }] } })).body.data;
      await sb.run(['submissions', 'create', people.qrId, '--set', 'Your name=Ada Lovelace', '--set', 'Mail=ada@example.com']);
      const parts = await sb.run(['submissions', 'list', people.qrId, '-o', 'csv', '--columns', 'your name,Mail']);
      expect([parts.exitCode, parts.stdout]).toEqual([0, 'Your name (first name),Your name (last name),Mail\nAda,Lovelace,ada@example.com\n']);
      // an answer column asked of a pipe's JSON: refused (JSON has record keys), with the flag that gives it
      const piped = await sb.run(['submissions', 'list', qrId, '--columns', 'Title,createdAt']);
      expect([piped.exitCode, piped.stderr]).toEqual([2, expect.stringContaining('unknown field Title; valid fields: id')]);
      expect(piped.stderr).toContain('answers by label are columns of table and CSV output: add -o csv or -o table (piped, the output is JSON unless -o says otherwise)');
      expect((await sb.run(['submissions', 'list', qrId, '-o', 'json', '--columns', 'nope'])).stderr).toContain('answers by label are columns of table and CSV output: add -o csv or -o table');
      // a view whose table columns are known: said only when every unknown name is one of them
      const forms = await sb.run(['forms', 'list', '--columns', 'qrId,bogus']);
      expect([forms.exitCode, forms.stderr]).toEqual([2, expect.stringContaining('unknown field bogus; valid fields: ')]);
      expect(forms.stderr).not.toContain('columns of table');
      // a page past the last is not an empty account
      const beyond = await sb.run(['forms', 'list', '--page', '50'], { tty: true, env: { NO_COLOR: '1' } });
      expect([beyond.exitCode, beyond.stdout, beyond.stderr]).toEqual([0, '', expect.stringContaining('No forms on page 50: 2 forms on 1 page; use --page 1 or --all.')]);
      const noSubs = await sb.run(['submissions', 'list', qrId, '--since', 'now'], { tty: true });
      expect(noSubs.stderr).toContain('in that time; widen --since/--until');
    } finally {
      await sb.stop();
    }
  });
});
