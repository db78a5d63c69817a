import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

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
});
