// Test doubles for running commands in-process (like gh's iostreams.Test() and its prompter mock):
// captured stdout and stderr, a fake terminal, and a prompter that answers from a script. Used by
// tests only; nothing on a command's path imports this module.
import { Readable, Writable } from 'node:stream';
import { CancelError, UsageError } from '../errors.js';
import type { Prompter } from '../io/prompter.js';
import { isCI, type IOStreams } from '../io/streams.js';
import { createDeps, type Deps } from './factory.js';
import type { GlobalFlags } from './flags.js';

export interface TestIOOptions {
  env?: Record<string, string | undefined>;
  /** what stdin holds */
  input?: string | Buffer;
  /** pretend stdin, stdout and stderr are a terminal */
  tty?: boolean;
  /** with tty: stderr goes to a file (`2>err`) */
  stderrToFile?: boolean;
  columns?: number;
}

export interface TestIO {
  io: IOStreams;
  stdout(): string;
  stderr(): string;
}

class Capture extends Writable {
  readonly chunks: Buffer[] = [];
  isTTY?: boolean;
  columns?: number;

  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (e?: Error | null) => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    done();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  // what a terminal's stream offers (tty.WriteStream), for spinners and progress bars
  cursorTo(x: number, y?: number | (() => void), cb?: () => void): boolean {
    this.write(typeof y === 'number' ? `\u001b[${y + 1};${x + 1}H` : `\u001b[${x + 1}G`);
    (typeof y === 'function' ? y : cb)?.();
    return true;
  }

  moveCursor(dx: number, dy: number, cb?: () => void): boolean {
    if (dy) this.write(`\u001b[${Math.abs(dy)}${dy < 0 ? 'A' : 'B'}`);
    if (dx) this.write(`\u001b[${Math.abs(dx)}${dx < 0 ? 'D' : 'C'}`);
    cb?.();
    return true;
  }

  clearLine(dir: -1 | 0 | 1, cb?: () => void): boolean {
    this.write(dir < 0 ? '\u001b[1K' : dir > 0 ? '\u001b[0K' : '\u001b[2K');
    cb?.();
    return true;
  }

  getColorDepth(): number {
    return 8;
  }

  hasColors(): boolean {
    return true;
  }
}

export function testIO(opts: TestIOOptions = {}): TestIO {
  const env = Object.fromEntries(Object.entries(opts.env ?? {}).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  const tty = opts.tty === true;
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Object.assign(Readable.from(opts.input === undefined ? [] : [Buffer.from(opts.input)]), { isTTY: tty });
  const errTty = tty && opts.stderrToFile !== true;
  if (tty) {
    stdout.isTTY = true;
    stderr.isTTY = errTty;
    stdout.columns = stderr.columns = opts.columns ?? 100;
  }
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const ci = isCI(env);
  const io: IOStreams = {
    stdin,
    stdout,
    stderr,
    env,
    isStdinTTY: tty,
    isStdoutTTY: tty,
    isStderrTTY: errTty,
    color: tty && !noColor,
    colorErr: errTty && !noColor,
    ci,
    canPrompt: errTty && !ci,
  };
  return { io, stdout: () => stdout.text(), stderr: () => stderr.text() };
}

/** One scripted answer: to a question whose message matches `ask`. */
export interface ScriptedAnswer {
  ask: RegExp;
  answer: boolean | string | 'cancel';
}

/**
 * A prompter that answers from a script, in order, and fails a test that asks something it did
 * not expect. It refuses like the real one when the session cannot prompt.
 */
export class ScriptedPrompter implements Prompter {
  readonly asked: string[] = [];

  constructor(
    private readonly io: IOStreams,
    private readonly script: ScriptedAnswer[],
  ) {}

  private next(message: string, flag: string): boolean | string {
    if (!this.io.canPrompt) throw new UsageError(`${message} needs an answer but ${this.io.ci ? 'CI is set' : 'stdin is not a terminal'}: pass ${flag}`);
    this.asked.push(message);
    const step = this.script.shift();
    if (!step || !step.ask.test(message)) throw new Error(`unexpected question: "${message}"${step ? ` (the script expected ${step.ask})` : ''}`);
    if (step.answer === 'cancel') throw new CancelError();
    return step.answer;
  }

  async confirm(message: string, flag: string): Promise<boolean> {
    return this.next(message, flag) === true;
  }

  async secret(message: string, flag: string): Promise<string> {
    return String(this.next(message, flag));
  }

  async input(message: string, flag: string, def?: string): Promise<string> {
    const answer = String(this.next(message, flag));
    return answer === '' && def !== undefined ? def : answer;
  }

  /** the script answers with the choice's value (or its name) */
  async select<T extends string>(message: string, choices: Array<{ name: string; value: T }>, flag: string): Promise<T> {
    const answer = String(this.next(message, flag));
    const hit = choices.find((c) => c.value === answer || c.name === answer);
    if (!hit) throw new Error(`scripted answer "${answer}" is not a choice of "${message}": ${choices.map((c) => c.value).join(', ')}`);
    return hit.value;
  }

  /** questions the script still holds */
  get unanswered(): number {
    return this.script.length;
  }
}

/** Deps for calling a verb's run() directly, with test IO and a scripted prompter. */
export function testDeps(opts: TestIOOptions & { flags?: GlobalFlags; script?: ScriptedAnswer[] } = {}): TestIO & { deps: Deps; prompter: ScriptedPrompter; cleanup(): Promise<void> } {
  const t = testIO(opts);
  const prompter = new ScriptedPrompter(t.io, [...(opts.script ?? [])]);
  const deps = createDeps(t.io, opts.flags ?? {}, { prompter });
  return { ...t, deps, prompter, cleanup: deps.cleanup };
}
