import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from '../helpers/cli.js';

const root = resolve(import.meta.dirname, '../..');
const files = { bash: 'completions/formctl.bash', zsh: 'completions/_formctl', fish: 'completions/formctl.fish' } as const;

describe('completions/ is generated from the command tree', () => {
  it.each(Object.entries(files))('%s script is up to date (run `npm run completions`)', async (shell, file) => {
    const r = await runCli(['completion', shell]);
    expect(r.exitCode).toBe(0);
    expect(readFileSync(resolve(root, file), 'utf8')).toBe(r.stdout);
  });

  // bash --norc: with a pipe for stdin bash would read ~/.bashrc (test/helpers/docShell.ts)
  it('bash completes groups, verbs and option values', () => {
    const complete = (words: string[]) =>
      execFileSync('bash', ['--norc', '-c', `source ${files.bash}; COMP_WORDS=(${words.map((w) => `"${w}"`).join(' ')}); COMP_CWORD=${words.length - 1}; _formctl; echo "\${COMPREPLY[*]}"`], { cwd: root, encoding: 'utf8' }).trim();
    expect(complete(['formctl', 'fo'])).toBe('forms');
    expect(complete(['formctl', 'forms', 'd'])).toBe('delete download diff design');
    expect(complete(['formctl', 'forms', 'download', 'AB', '--format', ''])).toBe('png svg pdf eps');
    expect(complete(['formctl', 'completion', ''])).toContain('bash');
    // the global flags after a verb's words too (its help's "Inherited flags"), --help everywhere, and help itself
    expect(complete(['formctl', 'forms', 'list', '--s'])).toBe('--sandbox --sort');
    expect(complete(['formctl', 'forms', 'list', '--h'])).toBe('--help');
    expect(complete(['formctl', 'he'])).toBe('help');
    expect(complete(['formctl', 'help', 'su'])).toBe('submissions');
  });
});

describe('completion in the real shells (bash, zsh, fish)', () => {
  // a `formctl` on PATH, a profile and a form id the local cache knows: what a user's shell has
  const dir = tempDir();
  const bin = `${dir.path}/bin`;
  const env: Record<string, string> = { ...process.env as Record<string, string>, PATH: `${bin}:${process.env.PATH}`, FORMCTL_CONFIG_DIR: `${dir.path}/cfg`, FORMCTL_SANDBOX_DIR: `${dir.path}/sb`, NO_COLOR: '1' };
  let qrId = '';
  beforeAll(async () => {
    mkdirSync(bin);
    writeFileSync(`${bin}/formctl`, `#!/bin/sh\nexec node ${BIN} "$@"\n`, { mode: 0o755 });
    writeFileSync(`${dir.path}/notes.csv`, 'x\n');
    const cli = (args: string[]) => runCli(args, { env: { FORMCTL_CONFIG_DIR: env.FORMCTL_CONFIG_DIR, FORMCTL_SANDBOX_DIR: env.FORMCTL_SANDBOX_DIR } });
    expect((await cli(['auth', 'login', '--sandbox', '--profile', 'play'])).exitCode).toBe(0);
    qrId = (await cli(['forms', 'create', '--title', 'Completed', '--field', 'email:E', '-q'])).stdout.trim();
    expect((await cli(['forms', 'list', '-q'])).exitCode).toBe(0); // fills the local cache of form ids
  });
  afterAll(() => dir.remove());

  const bash = (words: string[]) =>
    execFileSync('bash', ['--norc', '-c', `source ${resolve(root, files.bash)}; COMP_WORDS=(${words.map((w) => `"${w}"`).join(' ')}); COMP_CWORD=${words.length - 1}; _formctl; echo "\${COMPREPLY[*]}"`], { cwd: dir.path, env, encoding: 'utf8' }).trim();

  it('bash: profile names, cached form ids, enum values, and file names where a path goes', () => {
    expect(bash(['formctl', 'auth', 'switch', 'p'])).toBe('play');
    expect(bash(['formctl', 'forms', 'list', '--profile', ''])).toBe('play');
    expect(bash(['formctl', 'forms', 'get', ''])).toContain(qrId);
    expect(bash(['formctl', 'forms', 'list', '-o', ''])).toBe('table json jsonl csv');
    expect(bash(['formctl', 'forms', 'list', '--sort', ''])).toBe('newest name scans');
    // nothing offered after --out: `complete -o default` then lists files
    expect(bash(['formctl', 'submissions', 'export', qrId, '--out', ''])).toBe('');
    // a group's default verb: `analytics QRID --period week` is `analytics show`
    expect(bash(['formctl', 'analytics', ''])).toContain(qrId);
    expect(bash(['formctl', 'analytics', qrId, '--period', ''])).toBe('day week month months year years custom');
    expect(bash(['formctl', 'team', 'add', 'a@b.co', '--role', ''])).toBe('Admin Editor Viewer');
    expect(readFileSync(resolve(root, files.bash), 'utf8')).toContain('complete -o default -F _formctl formctl');
  });

  it('zsh: the same candidates through its completion functions', () => {
    // compadd, _describe and _files stand in for the completion system, printing what they are given
    const zsh = (words: string[]) =>
      execFileSync('zsh', ['-f', '-c', [
        'compdef() { :; }',
        'compadd() { [[ $1 == -- ]] && shift; print -r -- "compadd $*"; }',
        '_describe() { local -a c; c=("${(@P)2}"); print -r -- "describe ${(j: :)${(@)c%%:*}}"; }',
        '_files() { print files; }',
        `source ${resolve(root, files.zsh)}`,
        `words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}`,
        '_formctl',
      ].join('\n')], { cwd: dir.path, env, encoding: 'utf8' }).trim();
    expect(zsh(['formctl', 'fo'])).toContain('describe');
    expect(zsh(['formctl', 'fo'])).toContain('forms');
    expect(zsh(['formctl', 'forms', 'get', ''])).toBe(`compadd ${qrId}`);
    expect(zsh(['formctl', 'auth', 'switch', ''])).toBe('compadd play');
    expect(zsh(['formctl', 'forms', 'list', '-o', ''])).toBe('compadd table json jsonl csv');
    expect(zsh(['formctl', 'submissions', 'export', qrId, '--out', ''])).toBe('files');
    expect(zsh(['formctl', 'analytics', qrId, '--period', ''])).toBe('compadd day week month months year years custom');
    expect(zsh(['formctl', 'team', 'update', 'a@b.co', '--role', ''])).toBe('compadd Admin Editor Viewer');
    expect(zsh(['formctl', 'forms', 'list', '--profile', ''])).toBe('compadd play');
    // flags through _describe (each with what it does), the global ones after the verb too
    expect(zsh(['formctl', 'forms', 'list', '--s'])).toMatch(/^describe .*--sandbox .*--sort/);
  });

  it('fish: the same candidates through complete -C', () => {
    const fish = (line: string) =>
      execFileSync('fish', ['--no-config', '-c', `source ${resolve(root, files.fish)}; complete -C ${JSON.stringify(line)}`], { cwd: dir.path, env, encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]);
    expect(fish('formctl fo')).toContain('forms');
    expect(fish('formctl forms get ')).toContain(qrId);
    expect(fish('formctl auth switch ')).toContain('play');
    expect(fish('formctl forms list --sort ')).toEqual(['name', 'newest', 'scans']);
    expect(fish(`formctl submissions export ${qrId} --out no`)).toContain('notes.csv');
    expect(fish(`formctl analytics ${qrId} --period `)).toEqual(['custom', 'day', 'month', 'months', 'week', 'year', 'years']);
    expect(fish('formctl team add a@b.co --role ')).toEqual(['Admin', 'Editor', 'Viewer']);
    expect(fish('formctl forms list --sa')).toContain('--sandbox');
    // with what each flag does, as fish shows it beside the flag
    const described = execFileSync('fish', ['--no-config', '-c', `source ${resolve(root, files.fish)}; complete -C 'formctl forms list --sa'`], { cwd: dir.path, env, encoding: 'utf8' });
    expect(described).toMatch(/^--sandbox\trun against the embedded sandbox/m);
  });
});
