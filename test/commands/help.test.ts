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
});
