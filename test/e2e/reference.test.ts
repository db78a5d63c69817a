import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
// @ts-expect-error: a plain ES module of the repository's scripts, without types
import { referenceData, renderPages } from '../../scripts/docs.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { man: string[]; files: string[] };
const run = (args: string[]) => execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });

describe('help reference and man pages', () => {
  it('help reference lists every command with its usage and flags on one page', () => {
    const text = run(['help', 'reference']);
    for (const c of ['formctl forms create', 'formctl submissions sync', 'formctl analytics export', 'formctl team add', 'formctl templates use', 'formctl ai draft', 'formctl quota']) expect(text).toContain(`## ${c}\n`);
    expect(text).toContain('--max-requests <n>');
    expect(text).toContain('Exit codes:');
    expect(text).not.toContain('__complete');
  });

  it('ships a man page per group, generated from the command tree and up to date (npm run man)', () => {
    expect(pkg.files).toContain('man');
    for (const page of pkg.man) {
      const group = /formctl-(\w+)\.1$/.exec(page)?.[1];
      const fresh = run(['help', 'reference', '--man', ...(group ? [group] : [])]);
      expect(readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8'), `${page} is stale: npm run man`).toBe(fresh);
    }
    expect(readFileSync(new URL('../../man/formctl.1', import.meta.url), 'utf8')).toMatch(/^\.TH FORMCTL 1/);
  });

  it('docs/commands has one Markdown page per group, generated from the command tree and up to date (npm run docs)', () => {
    const pages = renderPages(referenceData(BIN)) as Record<string, string>;
    const dir = new URL('../../docs/commands/', import.meta.url);
    expect(readdirSync(dir).sort(), 'docs/commands holds exactly the generated pages: npm run docs').toEqual(Object.keys(pages).sort());
    for (const [name, text] of Object.entries(pages)) expect(readFileSync(new URL(name, dir), 'utf8'), `docs/commands/${name} is stale: npm run docs`).toBe(text);
    // the same groups as the man pages, each with every verb's usage, a flag table and the exit codes
    expect(Object.keys(pages).filter((n) => n !== 'README.md').map((n) => n.replace(/\.md$/, '.1')).sort()).toEqual(pkg.man.filter((m) => m !== './man/formctl.1').map((m) => m.slice('./man/'.length)).sort());
    const forms = pages['formctl-forms.md']!;
    expect(forms).toContain('## formctl forms create\n');
    expect(forms).toMatch(/\| `--field <spec>` \| .*repeatable/);
    expect(forms).toContain('| `--sort <order>` | order. One of: `newest`, `name`, `scans`. |');
    expect(pages['formctl-webhook.md']).toMatch(/\| `--port <port>` \| [^\n]* \| `4242` \|/);
    expect(pages['formctl-submissions.md']).toMatch(/\| `--to <url>` \| [^\n]*\| `FORMCTL_SYNC_URL` \|/);
    expect(forms).toContain('## Exit codes\n\n| Code | Meaning |');
    expect(pages['README.md']).toContain('| `FORMCTL_MAX_REQUESTS` |');
  });
});
