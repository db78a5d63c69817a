import type { ApiClient } from '../api/http.js';
import type { Target } from '../config/resolve.js';
import type { ConfigFile } from '../config/store.js';
import type { Prompter } from '../io/prompter.js';
import type { IOStreams } from '../io/streams.js';
import type { CommandOutput, View } from '../output/format.js';
import type { GlobalFlags } from './flags.js';

/** What a command may use. Built lazily: a command pays only for what it touches. */
export interface Deps {
  io: IOStreams;
  flags: GlobalFlags;
  config(): ConfigFile;
  target(): Target;
  client(): Promise<ApiClient>;
  prompter(): Prompter;
  /** output options for a view: format, --columns checked against the view's allow-list, -q */
  outputFor<T>(view: View<T>): CommandOutput;
  printList<T>(view: View<T>, items: T[]): Promise<void>;
  /**
   * A list whose batches (pages) come one after another: written as each comes where the output
   * allows it (every format but a table, no --query: output/format.ts streamsList), else printed
   * once all have come. A closed stdout then ends the walk (cli/guard.ts).
   */
  printListStream<T>(view: View<T>, batches: AsyncIterable<T[]>): Promise<void>;
  printOne<T>(view: View<T>, item: T): Promise<void>;
  /** a record as -o json prints it (pretty, or on one line), or what --query makes of it in the -o format */
  /** `rawString`: a --query result that is a string is printed as it is (api, as gh api --jq) */
  printJson(data: unknown, oneLine?: boolean, rawString?: boolean): Promise<void>;
  /** a message for people: stderr, never stdout */
  info(message: string): void;
  warn(message: string): void;
  /** called when the command ends, success or not */
  onCleanup(fn: () => Promise<void> | void): void;
}
