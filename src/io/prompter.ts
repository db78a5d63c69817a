import { CancelError, UsageError } from '../errors.js';
import type { IOStreams } from './streams.js';

/**
 * The questions a command may ask. Each names the flag that answers it instead: a session that
 * cannot prompt (stdin not a terminal, or CI set) fails with that flag in the message.
 */
export interface Prompter {
  confirm(message: string, flag: string, def?: boolean): Promise<boolean>;
  secret(message: string, flag: string): Promise<string>;
  input(message: string, flag: string, def?: string): Promise<string>;
  /** one of several choices; returns the chosen value */
  select<T extends string>(message: string, choices: Array<{ name: string; value: T; description?: string }>, flag: string, def?: T): Promise<T>;
}

/** Prompts over @inquirer/prompts, on stderr. */
export class InquirerPrompter implements Prompter {
  constructor(private readonly io: IOStreams) {}

  private assertCanPrompt(what: string, flag: string): void {
    if (!this.io.canPrompt) {
      const why = this.io.ci ? 'CI is set' : 'stdin is not a terminal';
      throw new UsageError(`${what} needs an answer but ${why}: pass ${flag}`);
    }
  }

  private async run<T>(ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (e) {
      if ((e as Error)?.name === 'ExitPromptError') throw new CancelError();
      throw e;
    }
  }

  async confirm(message: string, flag: string, def = false): Promise<boolean> {
    this.assertCanPrompt('confirmation', flag);
    const { confirm } = await import('@inquirer/prompts');
    return this.run(() => confirm({ message, default: def }, { output: this.io.stderr as NodeJS.WritableStream }));
  }

  async secret(message: string, flag: string): Promise<string> {
    this.assertCanPrompt(message.replace(/[:?]\s*$/, ''), flag);
    const { password } = await import('@inquirer/prompts');
    return this.run(() => password({ message, mask: '*' }, { output: this.io.stderr as NodeJS.WritableStream }));
  }

  async select<T extends string>(message: string, choices: Array<{ name: string; value: T; description?: string }>, flag: string, def?: T): Promise<T> {
    this.assertCanPrompt(message.replace(/[:?]\s*$/, ''), flag);
    const { select } = await import('@inquirer/prompts');
    return this.run(() => select<T>({ message, choices, default: def, pageSize: 12 }, { output: this.io.stderr as NodeJS.WritableStream }));
  }

  async input(message: string, flag: string, def?: string): Promise<string> {
    this.assertCanPrompt(message.replace(/[:?]\s*$/, ''), flag);
    const { input } = await import('@inquirer/prompts');
    return this.run(() => input({ message, default: def }, { output: this.io.stderr as NodeJS.WritableStream }));
  }
}
