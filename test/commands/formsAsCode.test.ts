import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';

// Forms as code across two accounts: a "staging" and a "production" sandbox, the same files.
let staging: Awaited<ReturnType<typeof startSandbox>>;
let production: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
beforeAll(async () => {
  [staging, production] = await Promise.all([startSandbox(['--plan', 'business']), startSandbox(['--plan', 'business'])]);
});
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
  tmp.remove();
});

const FORM = {
  title: 'Volunteers', shortText: 'Help us', qrConfig: { colorDark: '#112233' },
  fields: [
    { type: 'name', option: { label: 'Name', required: true } },
    { type: 'email', option: { label: 'E-mail', required: true } },
    { type: 'radio', option: { label: 'Shift', options: [{ name: 'Morning', value: 'am' }, { name: 'Evening', value: 'pm' }] } },
  ],
};

describe('forms pull, diff and apply', () => {
  it('pulls a form to a file in a stable order and records it in the manifest; apply of the unchanged file writes nothing', async () => {
    const qrId = (await staging.api('POST', '/forms', { body: FORM })).body.data.qrId;
    const file = `${tmp.path}/volunteers.json`;
    const r = await staging.cli(['forms', 'pull', qrId, '--out', file]);
    expect(r.exitCode).toBe(0);
    const def = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(def)).toEqual(['title', 'shortText', 'submissionNotification', 'qrConfig', 'fields']);
    expect(def).toMatchObject({ title: 'Volunteers', shortText: 'Help us', submissionNotification: true, qrConfig: { colorDark: '#112233' } });
    expect(def.fields.map((f: any) => f.key)).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(JSON.stringify(def)).not.toMatch(/"(qrId|shortUrl|scans|createdAt)"/);
    // the same form pulled twice writes the same bytes
    const again = `${tmp.path}/again.json`;
    await staging.cli(['forms', 'pull', qrId, '--out', again]);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(file, 'utf8'));
    const manifest = JSON.parse(readFileSync(`${tmp.path}/.formctl/forms.json`, 'utf8'));
    expect(Object.values(manifest.profiles)[0]).toMatchObject({ 'volunteers.json': { qrId } });
    const before = await staging.lastRequestId();
    const same = await staging.cli(['forms', 'apply', file]);
    expect([same.exitCode, same.stdout]).toEqual([0, `same    ${file} = ${qrId}\n`]);
    expect((await staging.requestsSince(before)).map((x) => x.method)).toEqual(['GET']);
    expect((await staging.cli(['forms', 'diff', file])).exitCode).toBe(0);
    // a new form of one field: "1 field"
    const one = `${tmp.path}/one.json`;
    writeFileSync(one, JSON.stringify({ title: 'One', shortText: '', fields: [{ type: 'email', option: { label: 'E-mail' } }] }));
    expect((await staging.cli(['forms', 'apply', one, '--dry-run'])).stdout).toMatch(/^create {2}.*one\.json \(1 field\)$/m);
  });

  it('diffs field by field (exit 1) and applies a minimal update that keeps field keys', async () => {
    const file = `${tmp.path}/volunteers.json`;
    const def = JSON.parse(readFileSync(file, 'utf8'));
    const keys = def.fields.map((f: any) => f.key);
    def.title = 'Volunteers 2026';
    def.fields[1].option.label = 'Email address';
    def.fields[2].option.options.push({ name: 'Night', value: 'night' });
    def.fields.push({ type: 'phone', option: { label: 'Phone' } });
    writeFileSync(file, JSON.stringify(def, null, 2));
    const d = await staging.cli(['forms', 'diff', file]);
    expect(d.exitCode).toBe(1);
    expect(d.stdout).toContain('~ title: "Volunteers" → "Volunteers 2026"');
    expect(d.stdout).toContain('~ fields[1].label renamed: "E-mail" → "Email address"');
    expect(d.stdout).toMatch(/~ fields\[2\]\.option\.options "Shift"/);
    expect(d.stdout).toContain('+ fields[3]: phone "Phone"');
    const json = JSON.parse((await staging.cli(['forms', 'diff', file, '-o', 'json'])).stdout);
    expect(json).toMatchObject({ equal: false, changes: expect.arrayContaining([{ kind: 'added', path: 'fields[3]', to: 'phone "Phone"' }]) });
    const dry = await staging.cli(['forms', 'apply', file, '--dry-run']);
    expect(dry.stdout).toMatch(/^update {2}.*: title, fields/);
    const before = await staging.lastRequestId();
    const applied = await staging.cli(['forms', 'apply', file]);
    expect(applied.exitCode).toBe(0);
    expect((await staging.requestsSince(before)).map((x) => x.method)).toEqual(['GET', 'PUT']);
    const qrId = JSON.parse(readFileSync(`${tmp.path}/.formctl/forms.json`, 'utf8')).profiles[Object.keys(JSON.parse(readFileSync(`${tmp.path}/.formctl/forms.json`, 'utf8')).profiles)[0]!]['volunteers.json'].qrId;
    const form = (await staging.api('GET', `/forms/${qrId}`)).body.data;
    expect(form.fields.slice(0, 3).map((f: any) => f.key)).toEqual(keys);
    expect(form.fields.map((f: any) => f.option.label)).toEqual(['Name', 'Email address', 'Shift', 'Phone']);
    expect((await staging.cli(['forms', 'diff', file])).exitCode).toBe(0);
  });

  it('a locale, which the service does not show, settles after one apply: remembered, then compared with what was sent', async () => {
    const file = `${tmp.path}/locale.json`;
    const qrId = (await staging.api('POST', '/forms', { body: { ...FORM, title: 'Bénévoles', locale: 'fr' } })).body.data.qrId;
    expect((await staging.cli(['forms', 'pull', qrId, '--out', file])).exitCode).toBe(0);
    const def = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...def, locale: 'de' }, null, 2));
    const d = await staging.cli(['forms', 'diff', file]);
    expect([d.exitCode, d.stdout]).toEqual([1, expect.stringContaining('~ locale (not shown by the service: sent, then remembered in .formctl/forms.json): undefined → "de"')]);
    const before = await staging.lastRequestId();
    expect((await staging.cli(['forms', 'apply', file])).exitCode).toBe(0);
    expect((await staging.requestsSince(before)).map((x) => x.method)).toEqual(['GET', 'PUT']);
    // the service has it (the page is in German), and the next diff and apply find nothing to do
    expect((await staging.api('PUT', `/forms/${qrId}`, { body: {} })).body.data.locale).toBe('de');
    expect((await staging.cli(['forms', 'diff', file])).exitCode).toBe(0);
    const again = await staging.lastRequestId();
    expect((await staging.cli(['forms', 'apply', file])).stdout).toMatch(/^same {4}/);
    expect((await staging.requestsSince(again)).map((x) => x.method)).toEqual(['GET']);
    // a locale changed in the file is a difference again
    writeFileSync(file, JSON.stringify({ ...def, locale: 'es' }, null, 2));
    expect((await staging.cli(['forms', 'diff', file])).stdout).toContain('~ locale: "de" → "es"');
  });

  it('keeps a field that is only on the service unless --prune-fields', async () => {
    const file = `${tmp.path}/volunteers.json`;
    const def = JSON.parse(readFileSync(file, 'utf8'));
    def.fields = def.fields.filter((f: any) => f.type !== 'phone');
    writeFileSync(file, JSON.stringify(def, null, 2));
    const kept = await staging.cli(['forms', 'apply', file]);
    expect(kept.stdout).toMatch(/same {4}.*\(1 field only on the service, kept\)/);
    const pruned = await staging.cli(['forms', 'apply', file, '--prune-fields']);
    expect(pruned.stdout).toContain('- fields.');
    expect((await staging.cli(['forms', 'diff', file])).exitCode).toBe(0);
  });

  it('applies the same file to another profile: creates the form there once, then nothing to write', async () => {
    const file = `${tmp.path}/volunteers.json`;
    const created = await production.cli(['forms', 'apply', file]);
    expect([created.exitCode, created.stdout]).toEqual([0, expect.stringMatching(/^created .*volunteers\.json → [A-Z0-9]+\n$/)]);
    const prodId = created.stdout.trim().split(' → ')[1]!;
    const form = (await production.api('GET', `/forms/${prodId}`)).body.data;
    expect(form.fields.map((f: any) => f.option.label)).toEqual(['Name', 'Email address', 'Shift']);
    expect(form.qrConfig).toEqual({ colorDark: '#112233' });
    const before = await production.lastRequestId();
    expect((await production.cli(['forms', 'apply', file])).stdout).toBe(`same    ${file} = ${prodId}\n`);
    expect((await production.requestsSince(before)).map((x) => x.method)).toEqual(['GET']);
    // each profile keeps its own qrId in the one manifest
    const manifest = JSON.parse(readFileSync(`${tmp.path}/.formctl/forms.json`, 'utf8'));
    expect(Object.values(manifest.profiles).map((p: any) => p['volunteers.json'].qrId)).toHaveLength(2);
  });

  it('checks every file before any request, naming the file and the property (exit 2)', async () => {
    const bad = `${tmp.path}/bad.json`;
    writeFileSync(bad, JSON.stringify({ title: 'x', shortText: 'y', fields: [{ type: 'blob', option: {} }] }));
    const before = await staging.requestCount();
    const r = await staging.cli(['forms', 'apply', `${tmp.path}/volunteers.json`, bad]);
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/bad\.json: not a valid form:\n {2}- fields\[0\]\.type: unknown field type "blob"/)]);
    expect(await staging.requestCount()).toBe(before);
  });

  it('pulls every form of the account into a directory, YAML by extension too', async () => {
    const dir = `${tmp.path}/all`;
    const r = await staging.cli(['forms', 'pull', '--all', dir]);
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/^Wrote \d+ forms? to /)]);
    expect(existsSync(`${dir}/volunteers-2026.json`)).toBe(true);
    expect(existsSync(`${dir}/.formctl/forms.json`)).toBe(true);
    const qrId = (await staging.api('GET', '/forms?limit=1')).body.data.items[0].qrId;
    const yaml = `${tmp.path}/one.yaml`;
    expect((await staging.cli(['forms', 'pull', qrId, '--out', yaml])).exitCode).toBe(0);
    expect(readFileSync(yaml, 'utf8')).toMatch(/^title: /);
    expect((await staging.cli(['forms', 'diff', yaml])).exitCode).toBe(0);
  });
});
