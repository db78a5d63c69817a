import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/run.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';

// Issue 25: `-o json` prints the service's records as the service shapes them. Every read verb of the
// command tree runs with -o json in-process; the same route is then fetched from the sandbox
// directly, and the two must be equal but for the documented additions (docs/getting-started.md, "JSON is the data").

/** How a read verb's records sit in its route's `data`: lists print the records, not the page. */
type Records = (data: any) => unknown;
const page: Records = (d) => d.items;
const whole: Records = (d) => d;

/**
 * The documented differences, all of them: keep this list short (docs/getting-started.md "JSON is the data").
 * - webhook get masks the secret unless --show-secret (the walk runs it with --show-secret).
 */
const READS: Record<string, { args: (ids: Ids) => string[]; records: Records }> = {
  'forms list': { args: () => ['forms', 'list'], records: page },
  'forms get': { args: (i) => ['forms', 'get', i.qrId], records: whole },
  'submissions list': { args: (i) => ['submissions', 'list', i.qrId], records: page },
  'submissions get': { args: (i) => ['submissions', 'get', i.submissionId], records: whole },
  'submissions schema': { args: (i) => ['submissions', 'schema', i.qrId], records: whole },
  'analytics show': { args: (i) => ['analytics', 'show', i.qrId], records: whole },
  'presets list': { args: () => ['presets', 'list'], records: whole },
  'templates categories': { args: () => ['templates', 'categories'], records: whole },
  'templates list': { args: (i) => ['templates', 'list', '--category', i.categoryId], records: whole },
  'templates get': { args: (i) => ['templates', 'get', i.templateId], records: whole },
  'templates favorites': { args: () => ['templates', 'favorites'], records: whole },
  'templates mine': { args: () => ['templates', 'mine'], records: whole },
  'team list': { args: () => ['team', 'list'], records: (d) => d.members },
  'webhook get': { args: () => ['webhook', 'get', '--show-secret'], records: whole },
  'upload list': { args: () => ['upload', 'list'], records: whole },
};

/**
 * Verbs that are not reads of a service route: they change something, or read local files (profiles,
 * settings, the quota ledger, the sandbox's own store), or print something else than records.
 */
const NOT_READS = new Set([
  'auth login', 'auth status', 'auth logout', 'auth list', 'auth switch', 'auth migrate',
  'config list', 'config get', 'config set', 'config unset', 'config path',
  'forms create', 'forms update', 'forms archive', 'forms restore', 'forms delete', 'forms clone', 'forms share', 'forms download',
  'forms pull', 'forms diff', 'forms apply', 'forms edit', 'forms design', 'forms open',
  'submissions sync', 'submissions validate', 'submissions create', 'submissions update', 'submissions delete', 'submissions export',
  'submissions import', 'submissions watch', 'analytics export', 'ai draft',
  'team add', 'team update', 'team remove', 'team block', 'team unblock', 'team reset-password', 'team rename',
  'templates use', 'templates favorite', 'templates unfavorite', 'templates share', 'templates save',
  'upload logo', 'upload form', 'upload submission', 'upload delete',
  'webhook enable', 'webhook set-url', 'webhook rotate', 'webhook disable', 'webhook listen', 'webhook verify', 'webhook trigger',
  'api', 'quota', 'doctor', 'completion', 'mcp',
  'sandbox serve', 'sandbox keys', 'sandbox outbox', 'sandbox deliveries', 'sandbox plan', 'sandbox openapi', 'sandbox logs',
  'sandbox seed scans', 'sandbox seed submissions', 'sandbox reset',
]);

interface Ids {
  qrId: string;
  submissionId: string;
  categoryId: string;
  templateId: string;
}

/** Every runnable verb of the tree, as `group verb` (or `group sub verb`). */
export async function verbsOfTree(): Promise<string[]> {
  const program = await buildProgram([], true);
  const out: string[] = [];
  const walk = (cmd: typeof program, path: string[]) => {
    for (const c of cmd.commands) {
      if ((c as unknown as { _hidden?: boolean })._hidden) continue;
      const here = [...path, c.name()];
      if (c.commands.length === 0) out.push(here.join(' '));
      walk(c, here);
    }
  };
  walk(program, []);
  return out;
}

let sb: CommandSandbox;
const ids = {} as Ids;
beforeAll(async () => {
  sb = await startSandbox({ plan: 'business' });
  const form = await sb.api('POST', '/forms', { body: { title: 'Lunch', shortText: 'Pick one', fields: [{ type: 'radio', option: { label: 'Meal', required: true, options: [{ value: 'veg', name: 'Veg' }, { value: 'fish', name: 'Fish' }] } }, { type: 'name', option: { label: 'Who' } }] } });
  if (form.status !== 200) throw new Error(JSON.stringify(form.body));
  ids.qrId = form.body.data.qrId;
  const [meal, who] = form.body.data.fields.map((f: { key: string }) => f.key);
  const sub = await sb.api('POST', `/forms/${ids.qrId}/submissions`, { body: { answers: { [meal]: 'fish', [who]: { firstName: 'Ada', lastName: 'L' } } } });
  ids.submissionId = sub.body.data.submissionId;
  const categories = await sb.api('GET', '/form-templates/categories?items=1');
  ids.categoryId = categories.body.data[0].id;
  ids.templateId = categories.body.data[0].items[0].id;
  await sb.api('PUT', `/form-templates/${ids.templateId}/favorite`);
  await sb.api('PUT', '/account/webhook', { body: { enabled: true, url: 'https://example.com/hook' } });
});
afterAll(() => sb?.stop());

describe('JSON is the data', () => {
  it('every verb of the tree is either a read walked here or listed as not a read', async () => {
    const verbs = await verbsOfTree();
    const unclassified = verbs.filter((v) => !(v in READS) && !NOT_READS.has(v));
    const gone = [...Object.keys(READS), ...NOT_READS].filter((v) => !verbs.includes(v));
    expect({ unclassified, gone }).toEqual({ unclassified: [], gone: [] });
  });

  for (const [verb, read] of Object.entries(READS)) {
    it(`${verb} -o json prints the route's records as the service shapes them`, async () => {
      const since = await sb.lastRequestId();
      const r = await sb.run([...read.args(ids), '-o', 'json']);
      expect([r.exitCode, r.stderr]).toEqual([0, '']);
      // the route the command read, fetched again directly
      const gets = (await sb.requestsSince(since)).filter((q) => q.method === 'GET');
      const path = gets.at(-1)!.path.replace(/^\/v1/, '');
      const direct = await sb.api('GET', path);
      expect(direct.status).toBe(200);
      expect(JSON.parse(r.stdout)).toEqual(read.records(direct.body.data));
    });
  }

  it('jsonl prints the same records, one per line', async () => {
    const lines = (await sb.run(['forms', 'list', '-o', 'jsonl'])).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual((await sb.api('GET', '/forms?page=1&limit=100')).body.data.items);
    const schema = (await sb.run(['submissions', 'schema', ids.qrId, '-o', 'jsonl'])).stdout.trim().split('\n');
    expect(schema.map((l) => JSON.parse(l))).toEqual([(await sb.api('GET', `/forms/${ids.qrId}/submission-schema`)).body.data]);
  });

  it('a table and CSV may flatten; JSON never does (the schema and the presets)', async () => {
    const csv = await sb.run(['submissions', 'schema', ids.qrId, '-o', 'csv']);
    expect(csv.stdout).toContain('veg | fish');
    const json = JSON.parse((await sb.run(['submissions', 'schema', ids.qrId, '--json'])).stdout);
    expect(Object.values(json.fields as Record<string, { options?: unknown }>)[0]!.options).toEqual([{ value: 'veg', name: 'Veg' }, { value: 'fish', name: 'Fish' }]);
    const presets = JSON.parse((await sb.run(['presets', 'list', '--json'])).stdout);
    expect(Object.keys(presets[0]).sort()).toEqual(['config', 'id', 'previewUrl']);
    expect((await sb.run(['presets', 'list', '-o', 'csv'])).stdout.split('\n')[0]).toBe('id,pattern,eyes,colours,frame,previewUrl,config');
  });
});
