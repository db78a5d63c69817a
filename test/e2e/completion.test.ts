import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const root = resolve(import.meta.dirname, '../..');
const files = { bash: 'completions/formctl.bash', zsh: 'completions/_formctl', fish: 'completions/formctl.fish' } as const;

describe('completions/ is generated from the command tree', () => {
  it.each(Object.entries(files))('%s script is up to date (run `npm run completions`)', async (shell, file) => {
    const r = await runCli(['completion', shell]);
    expect(r.exitCode).toBe(0);
    expect(readFileSync(resolve(root, file), 'utf8')).toBe(r.stdout);
  });

  it('bash completes groups, verbs and option values', () => {
    const complete = (words: string[]) =>
      execFileSync('bash', ['-c', `source ${files.bash}; COMP_WORDS=(${words.map((w) => `"${w}"`).join(' ')}); COMP_CWORD=${words.length - 1}; _formctl; echo "\${COMPREPLY[*]}"`], { cwd: root, encoding: 'utf8' }).trim();
    expect(complete(['formctl', 'fo'])).toBe('forms');
    expect(complete(['formctl', 'forms', 'd'])).toBe('delete download');
    expect(complete(['formctl', 'forms', 'download', 'AB', '--format', ''])).toBe('png svg pdf eps');
    expect(complete(['formctl', 'completion', ''])).toContain('bash');
  });
});
