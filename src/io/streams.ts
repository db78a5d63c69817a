import { fstatSync } from 'node:fs';
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

/**
 * Whether fd is a terminal, without creating its `process.std*` stream (each costs start-up time,
 * and a command that never reads stdin should not pay for it): only a character device can be one,
 * and only then is node:tty asked.
 */
export function isTerminal(fd: 0 | 1 | 2): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return (require('node:tty') as typeof import('node:tty')).isatty(fd);
}

export function systemIO(env: NodeJS.ProcessEnv = process.env): IOStreams {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const forceColor = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
  const isStdinTTY = isTerminal(0);
  const isStdoutTTY = isTerminal(1);
  const isStderrTTY = isTerminal(2);
  const ci = isCI(env);
  return {
    // the process's streams are made on first use
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
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

/**
 * The width of a terminal stream; one that reports none or 0 (`script`, serial consoles, some CI
 * runners) is taken as 80 columns, so layouts never collapse.
 */
export function terminalColumns(stream: unknown): number {
  const n = (stream as { columns?: number }).columns;
  return n && n > 0 ? n : 80;
}

/**
 * Whether stderr can take a spinner or a progress bar: a terminal that says how wide it is (a
 * redraw on a 0-column terminal never ends), outside CI.
 */
export function canAnimate(io: IOStreams): boolean {
  const n = (io.stderr as { columns?: number }).columns;
  return io.isStderrTTY && !io.ci && n !== undefined && n > 0;
}

/** Minimal ANSI styling for messages; chalk is loaded only for tables. */
export function paint(enabled: boolean) {
  const wrap = (open: number, close: number) => (s: string) => (enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22), cyan: wrap(36, 39) };
}
