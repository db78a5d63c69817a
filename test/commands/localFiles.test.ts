import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';

let sb: CommandSandbox;
let qrId: string;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox();
  qrId = (await sb.cli(['forms', 'create', '--title', 'Files', '--field', 'email:E-mail*', '-q'])).stdout.trim();
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('damaged local files are named, with the property, before any request (exit 2)', () => {
  it('the profile file', async () => {
    const dir = tempDir();
    const path = join(dir.path, 'config.json');
    writeFileSync(path, JSON.stringify({ currentProfile: 'ci', profiles: { ci: { baseUrl: sb.baseUrl, apiKey: 42 } }, settings: {} }));
    const before = await sb.lastRequestId();
    const r = await sb.cli(['forms', 'list'], { env: { FORMCTL_CONFIG_DIR: dir.path } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`config file ${path} is damaged: profiles.ci.apiKey:`);
    writeFileSync(path, '{"profiles": ');
    const notJson = await sb.cli(['forms', 'list'], { env: { FORMCTL_CONFIG_DIR: dir.path } });
    expect(notJson.exitCode).toBe(2);
    expect(notJson.stderr).toContain(`config file ${path} is not valid JSON`);
    expect(await sb.lastRequestId()).toBe(before);
    // mended, it works again
    writeFileSync(path, JSON.stringify({ profiles: {}, settings: { output: 'json' } }));
    expect((await sb.cli(['forms', 'list'], { env: { FORMCTL_CONFIG_DIR: dir.path } })).exitCode).toBe(0);
    dir.remove();
  });

  it('an export checkpoint', async () => {
    const cp = join(tmp.path, 'damaged.ckpt');
    writeFileSync(cp, JSON.stringify({ version: 1, qrId, idsAtNewest: [] }));
    const before = await sb.lastRequestId();
    const r = await sb.cli(['submissions', 'export', qrId, '--checkpoint', cp, '--out', join(tmp.path, 'out.csv')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`--checkpoint: ${cp} is not a checkpoint file written by formctl (newestCreatedAt:`);
    expect(await sb.lastRequestId()).toBe(before);
  });

  it('the cached submission schema', async () => {
    expect((await sb.cli(['submissions', 'schema', qrId])).exitCode).toBe(0);
    const cacheDir = join(sb.configDir, 'cache', 'schemas');
    const file = join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith(`-${qrId}.json`))!);
    writeFileSync(file, JSON.stringify({ fetchedAt: 'yesterday', schema: { qrId, title: 'x', fields: [] } }));
    const r = await sb.cli(['submissions', 'validate', qrId, '--offline', '--answers', '{}']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`the cached schema ${file} is damaged (schema.fields:`);
    // online, it is fetched again with a warning
    const online = await sb.cli(['submissions', 'create', qrId, '--set', 'E-mail=a@example.com']);
    expect(online.exitCode).toBe(0);
    expect(online.stderr).toContain('is damaged');
  });
});

describe('prompts (a fake terminal and a scripted prompter)', () => {
  it('forms delete asks on a terminal, and deletes only on yes', async () => {
    const q = (await sb.cli(['forms', 'create', '--title', 'Doomed', '--field', 'email:E', '-q'])).stdout.trim();
    const no = await sb.run(['forms', 'delete', q], { tty: true, script: [{ ask: new RegExp(`Delete form ${q}`), answer: false }] });
    expect(no.exitCode).toBe(130);
    expect(no.asked).toHaveLength(1);
    expect((await sb.api('GET', `/forms/${q}`)).status).toBe(200);
    const yes = await sb.run(['forms', 'delete', q], { tty: true, script: [{ ask: /Delete form/, answer: true }] });
    expect(yes.exitCode, yes.stderr).toBe(0);
    expect((await sb.api('GET', `/forms/${q}`)).status).toBe(400);
  });

  it('never asks when CI is set, even on a terminal: it names the flag', async () => {
    const q = (await sb.cli(['forms', 'create', '--title', 'Kept', '--field', 'email:E', '-q'])).stdout.trim();
    const r = await sb.run(['forms', 'delete', q], { tty: true, env: { CI: 'true' } });
    expect(r.exitCode).toBe(2);
    expect(r.asked).toEqual([]);
    expect(r.stderr).toContain('--yes');
    expect((await sb.api('GET', `/forms/${q}`)).status).toBe(200);
  });
});
