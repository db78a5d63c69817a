import { run } from '../../src/cli/run.js';
import { ScriptedPrompter, testIO, type ScriptedAnswer } from '../../src/cmdutil/testing.js';
import type { CliResult } from './cli.js';
import { cleanEnv } from './cli.js';

export interface InProcessOptions {
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  tty?: boolean;
  stderrToFile?: boolean;
  columns?: number;
  script?: ScriptedAnswer[];
}

/**
 * Runs a formctl command line in this process, as `bin/formctl` would, with captured output: the
 * same argv and environment as an end-to-end run, without a process start (or a build).
 */
export async function runInProcess(args: string[], opts: InProcessOptions = {}): Promise<CliResult & { asked: string[] }> {
  const t = testIO({ env: cleanEnv(opts.env), input: opts.input, tty: opts.tty, stderrToFile: opts.stderrToFile, columns: opts.columns });
  const prompter = new ScriptedPrompter(t.io, [...(opts.script ?? [])]);
  const exitCode = await run(args, { io: t.io, prompter });
  return { exitCode, stdout: t.stdout(), stderr: t.stderr(), asked: prompter.asked };
}
