import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/run.js';
import { runInProcess } from '../helpers/inProcessCli.js';
import { commandLines } from '../helpers/docShell.js';

describe('help', () => {
  it('every verb has examples and one line for the global flags it inherits', async () => {
    const program = await buildProgram([], true);
    const missing: string[] = [];
    for (const group of program.commands) {
      for (const verb of group.commands) {
        const r = await runInProcess([group.name(), verb.name(), '--help']);
        if (!/\nExamples?:\n/.test(r.stdout)) missing.push(`${group.name()} ${verb.name()}: no examples`);
        if ((r.stdout.match(/^Examples?\b/gm) ?? []).length > 1) missing.push(`${group.name()} ${verb.name()}: more than one examples section`);
        // gh's INHERITED FLAGS: one line pointing to `formctl help global`, never the flags in full
        if (!/\nInherited flags \(formctl help global\):\n {2}--sandbox --profile .*--verbose\n/.test(r.stdout)) missing.push(`${group.name()} ${verb.name()}: no inherited flags line`);
        // and the verb takes them where people type them, after it too: the first unknown option
        // commander names is the one made up here
        const after = await runInProcess([group.name(), verb.name(), '--sandbox', '--verbose', '--not-a-flag']);
        if (verb.commands.length === 0 && /unknown option '--(sandbox|verbose)'/.test(after.stderr)) missing.push(`${group.name()} ${verb.name()}: ${after.stderr.trim()}`);
        if (r.stdout.includes('Global Options:') || r.stdout.includes('--max-requests <n>')) missing.push(`${group.name()} ${verb.name()}: the global flags in full`);
        if (/\(default: "/.test(r.stdout)) missing.push(`${group.name()} ${verb.name()}: a quoted default`);
        for (const line of exampleLines(r.stdout)) if (shellRunsBackticks(line)) missing.push(`${group.name()} ${verb.name()}: a backtick the shell would run: ${line}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the examples of commands without verbs paste into a shell as they read', async () => {
    const program = await buildProgram([], true);
    const bad: string[] = [];
    for (const command of program.commands.filter((c) => c.commands.length === 0)) {
      const r = await runInProcess([command.name(), '--help']);
      for (const line of exampleLines(r.stdout)) if (shellRunsBackticks(line)) bad.push(`${command.name()}: ${line}`);
    }
    expect(bad).toEqual([]);
    // the check itself: JMESPath literals inside double quotes are what it catches
    expect(shellRunsBackticks('formctl forms list --query "[?n > `0`]"')).toBe(true);
    expect(shellRunsBackticks("formctl forms list --query '[?n > `0`]'")).toBe(false);
  });

  it('the root help names only groups that exist, and each answers --help', async () => {
    const r = await runInProcess(['--help']);
    const groups = [...r.stdout.split('Commands:')[1]!.matchAll(/^ {2}([a-z][\w-]*)\b/gm)].map((m) => m[1]!).filter((g) => g !== 'help');
    expect(groups).toEqual(expect.arrayContaining(['forms', 'submissions', 'analytics', 'presets', 'team', 'templates', 'upload', 'webhook', 'sandbox']));
    for (const g of groups) expect((await runInProcess([g, '--help'])).exitCode, g).toBe(0);
  });

  it('a line that runs one verb builds only that verb in full, and the run is the same', async () => {
    const whole = await buildProgram(['forms', 'get', 'ABC'], false, false);
    const focused = await buildProgram(['forms', 'get', 'ABC']);
    const verbs = (p: typeof whole) => p.commands.find((c) => c.name() === 'forms')!.commands;
    const opts = (p: typeof whole, name: string) => verbs(p).find((c) => c.name() === name)!.options.map((o) => o.flags);
    // every verb is there by name (to dispatch and to suggest); only `get` has its flags
    expect(verbs(focused).map((c) => c.name())).toEqual(verbs(whole).map((c) => c.name()));
    expect(opts(focused, 'get')).toEqual(opts(whole, 'get'));
    expect(opts(whole, 'create').length).toBeGreaterThan(5);
    expect(opts(focused, 'create')).toEqual([]);
    // help of the group (not focused) still shows each verb's usage, and an unknown verb is suggested
    const help = await runInProcess(['forms', '--help']);
    expect(help.stdout).toMatch(/get \[options\] <qrId>/);
    const typo = await runInProcess(['forms', 'crate']);
    expect([typo.exitCode, typo.stderr]).toEqual([2, expect.stringContaining('Did you mean create?')]);
    // a group's default verb runs a line that names no verb (`analytics QRID`): it is the one made in full
    const analytics = (await buildProgram(['analytics', 'ABCD1234'])).commands.find((c) => c.name() === 'analytics')!.commands;
    expect(analytics.find((c) => c.name() === 'show')!.options.map((o) => o.flags)).toContain('--period <period>');
    expect(analytics.find((c) => c.name() === 'export')!.options).toEqual([]);
    // a verb's flags before a nested verb, and a group's default verb, still parse
    expect((await runInProcess(['sandbox', 'seed', 'scans', '--help'])).stdout).toContain('--count');
  });

  it('help WORDS shows the help of the command they name; an unknown word is exit 2 with the nearest names', async () => {
    const verb = await runInProcess(['help', 'forms', 'create']);
    expect([verb.exitCode, verb.stdout]).toEqual([0, expect.stringMatching(/^Usage: formctl forms create \[options\]/)]);
    expect((await runInProcess(['help', 'sandbox', 'seed', 'scans'])).stdout).toMatch(/^Usage: formctl sandbox seed scans/);
    expect((await runInProcess(['--sandbox', 'help', 'forms', 'create'])).stdout).toMatch(/^Usage: formctl forms create/);
    expect((await runInProcess(['--profile', 'x', 'help', 'reference'])).stdout).toMatch(/^# formctl help reference/);
    expect((await runInProcess(['help', 'forms'])).stdout).toMatch(/^Usage: formctl forms \[options\] \[command\]/);
    const typo = await runInProcess(['help', 'forms', 'crate']);
    expect([typo.exitCode, typo.stdout, typo.stderr]).toEqual([2, '', expect.stringContaining('formctl forms has no command "crate". Did you mean create?')]);
    const topic = await runInProcess(['help', 'exit-code']);
    expect([topic.exitCode, topic.stderr]).toEqual([2, expect.stringContaining('no help topic or command is named "exit-code". Did you mean exit-codes?')]);
    expect((await runInProcess(['help', 'frms'])).stderr).toContain('Did you mean forms?');
    expect((await runInProcess(['help', 'zzzzzz'])).stderr).not.toContain('Did you mean');
    const unknownCommand = await runInProcess(['frms', 'list']);
    expect([unknownCommand.exitCode, unknownCommand.stderr]).toEqual([2, expect.stringContaining('Did you mean forms?')]);
  });

  it('help global lists every global flag (and the output flags) the one-line pointer stands for', async () => {
    const r = await runInProcess(['help', 'global']);
    expect(r.exitCode).toBe(0);
    const program = await buildProgram([], true);
    for (const o of program.options) expect(r.stdout, o.flags).toContain(o.flags);
    const list = program.commands.find((c) => c.name() === 'forms')!.commands.find((c) => c.name() === 'list')!;
    for (const flag of ['-o, --output <format>', '--json', '--columns <names>', '-q, --quiet', '--csv-raw']) {
      expect(list.options.map((o) => o.flags)).toContain(flag);
      expect(r.stdout).toContain(flag);
    }
  });

  it('a single-value option given twice is exit 2 naming it, before any request; repeatable ones collect', async () => {
    for (const [args, name] of [
      [['forms', 'list', '-o', 'json', '-o', 'csv'], '-o/--output'],
      [['forms', 'create', '--title', 'a', '--title', 'b'], '--title'],
      [['submissions', 'list', 'ABC', '--since', '1d', '--since', '2d'], '--since'],
    ] as const) {
      const r = await runInProcess([...args], { env: { FORMCTL_BASE_URL: 'http://127.0.0.1:9/v1', FORMCTL_API_KEY: 'k' } });
      expect([r.exitCode, r.stdout, r.stderr], args.join(' ')).toEqual([2, '', expect.stringContaining(`${name}: given more than once`)]);
    }
    const skeleton = await runInProcess(['forms', 'create', '--skeleton', '--field', 'email:E', '--field', 'name:N', '-o', 'json']);
    expect(skeleton.stderr).not.toContain('given more than once');
    // a flag and its negation together: exit 2 naming both (commander kept the last)
    for (const [args, a, b] of [
      [['forms', 'design', 'ABC', '--transparent', '--no-transparent'], '--transparent', '--no-transparent'],
      [['forms', 'update', 'ABC', '--no-notify', '--notify'], '--no-notify', '--notify'],
    ] as const) {
      const r = await runInProcess([...args], { env: { FORMCTL_BASE_URL: 'http://127.0.0.1:9/v1', FORMCTL_API_KEY: 'k' } });
      expect([r.exitCode, r.stderr], args.join(' ')).toEqual([2, expect.stringContaining(`${a} and ${b} say the opposite`)]);
    }
  });

  it('two output flags that disagree are exit 2 naming both, before any request; agreeing ones are fine', async () => {
    const env = { FORMCTL_BASE_URL: 'http://127.0.0.1:9/v1', FORMCTL_API_KEY: 'k' };
    for (const [args, message] of [
      [['forms', 'list', '-o', 'csv', '--json'], '--json is -o json, and -o says csv: give one of them'],
      [['forms', 'list', '-q', '--json'], '-q prints ids only, one per line, and --json asks for a format: give one of them'],
      [['forms', 'list', '-q', '-o', 'csv'], '-q prints ids only, one per line, and -o csv asks for a format: give one of them'],
      [['submissions', 'export', 'AB12CD34', '-o', 'csv', '--format', 'jsonl'], '-o csv and --format jsonl name two formats (-o is the same as --format): give one of them'],
    ] as const) {
      const r = await runInProcess([...args], { env });
      // with --json the error itself is JSON (scripting-and-ci.md)
      expect([r.exitCode, r.stdout, r.stderr], args.join(' ')).toEqual([2, '', (args as readonly string[]).includes('--json') ? `${JSON.stringify({ status: 'failed', message, code: 0, data: {}, exitCode: 2, kind: 'usage' })}\n` : `error: ${message}\n`]);
    }
    // the same format twice over is no contradiction: the request is tried (and cannot connect: exit 1, not 2)
    for (const args of [['forms', 'list', '-o', 'json', '--json', '--retries', '0'], ['submissions', 'export', 'AB12CD34', '-o', 'jsonl', '--format', 'jsonl', '--retries', '0']]) {
      expect((await runInProcess(args, { env })).exitCode, args.join(' ')).not.toBe(2);
    }
  });

  it('errors name the flag or the value the user typed, never a placeholder such as FILE: or MEMBER:', async () => {
    const env = { FORMCTL_BASE_URL: 'http://127.0.0.1:9/v1', FORMCTL_API_KEY: 'k' };
    const cases: Array<[string[], string]> = [
      [['forms', 'get', 'abc!'], '"abc!" is not a form id'],
      [['templates', 'get', 'slug'], '"slug" is not a template id'],
      [['team', 'add', 'nope', '--role', 'editor', '--password-stdin'], '"nope" is not an e-mail address'],
      [['team', 'remove', 'a b', '--yes'], '"a b" is neither a team member id nor an e-mail address'],
      [['ai', 'draft', 'short'], 'the prompt: at least'],
      [['submissions', 'import', 'ABC', '/nonexistent/file.csv'], 'cannot read /nonexistent/file.csv'],
      [['submissions', 'delete', 'x1', '--form', 'bad!', '--yes'], ''],
    ];
    for (const [args, expected] of cases) {
      const r = await runInProcess(args, { env, input: 'pw\n' });
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(expected);
      expect(r.stderr, args.join(' ')).not.toMatch(/\b(QRID|MEMBER|EMAIL|PROMPT|FILE|PLAN|NAME|ID):/);
    }
  });
});

/** The commands of a help text's Examples section, as the documentation's shell reads them (docShell.ts). */
function exampleLines(help: string): string[] {
  const section = help.split(/\nExamples?:\n/)[1];
  return section ? commandLines(section.split('\n\n')[0]!) : [];
}

/** A backtick outside single quotes: sh runs what it encloses as a command (a JMESPath literal pasted inside "…"). */
function shellRunsBackticks(line: string): boolean {
  let single = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (single) single = c !== "'";
    else if (c === "'") single = true;
    else if (c === '\\') i++;
    else if (c === '`') return true;
  }
  return false;
}
