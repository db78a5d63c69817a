import type { Readable, Writable } from 'node:stream';

export interface IOStreams {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  isStdinTTY: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  /** colour on stdout: a TTY and NO_COLOR unset */
  color: boolean;
  /** colour on stderr */
  colorErr: boolean;
  /** CI is set (and not "false" or "0"): no prompts, spinners or progress bars */
  ci: boolean;
  /** prompting needs a terminal on stdin and stderr, and never happens when CI is set */
  canPrompt: boolean;
}

/** The one reading of the CI variable: set, and not "", "false" or "0". */
export function isCI(env: NodeJS.ProcessEnv): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
}

export function systemIO(env: NodeJS.ProcessEnv = process.env): IOStreams {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const forceColor = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
  const isStdinTTY = process.stdin.isTTY === true;
  const isStdoutTTY = process.stdout.isTTY === true;
  const isStderrTTY = process.stderr.isTTY === true;
  const ci = isCI(env);
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env,
    isStdinTTY,
    isStdoutTTY,
    isStderrTTY,
    color: !noColor && (isStdoutTTY || forceColor),
    colorErr: !noColor && (isStderrTTY || forceColor),
    ci,
    canPrompt: isStdinTTY && isStderrTTY && !ci,
  };
}

/** Minimal ANSI styling for messages; chalk is loaded only for tables. */
export function paint(enabled: boolean) {
  const wrap = (open: number, close: number) => (s: string) => (enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22), cyan: wrap(36, 39) };
}
