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

  it('the root help names only groups that exist', async () => {
    const r = await runInProcess(['--help']);
    expect(r.stdout).not.toMatch(/team/i);
  });
});
