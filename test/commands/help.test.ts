import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/run.js';
import { runInProcess } from '../helpers/inProcessCli.js';

describe('help', () => {
  it('every verb has examples and shows the global flags it inherits', async () => {
    const program = await buildProgram([], true);
    const missing: string[] = [];
    for (const group of program.commands) {
      for (const verb of group.commands) {
        const r = await runInProcess([group.name(), verb.name(), '--help']);
        if (!/\nExamples?:\n/.test(r.stdout)) missing.push(`${group.name()} ${verb.name()}: no examples`);
        if ((r.stdout.match(/^Examples?\b/gm) ?? []).length > 1) missing.push(`${group.name()} ${verb.name()}: more than one examples section`);
        if (!r.stdout.includes('Global Options:') || !r.stdout.includes('--profile <name>')) missing.push(`${group.name()} ${verb.name()}: no global options`);
        if (/\(default: "/.test(r.stdout)) missing.push(`${group.name()} ${verb.name()}: a quoted default`);
      }
    }
    expect(missing).toEqual([]);
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
});
