import type { Command } from 'commander';
import { systemIO, type IOStreams } from '../io/streams.js';
import type { Deps } from './factory.js';
import type { GlobalFlags } from './flags.js';

export type CommandBody<O = Record<string, unknown>> = (deps: Deps, args: unknown[], opts: O, command: Command) => Promise<void>;

/** The state of this run shared with main's error handler. */
export const runState: { io: IOStreams; flags: GlobalFlags; cleanup?: () => Promise<void> } = {
  io: systemIO(),
  flags: {},
};

/**
 * Wires a commander verb to a lazily imported body: the module (and whatever heavy library it uses)
 * is loaded only when this verb runs.
 */
export function bind<O>(cmd: Command, load: () => Promise<{ run: CommandBody<O> }>): Command {
  return cmd.action(async (...all: unknown[]) => {
    const command = all[all.length - 1] as Command;
    const args = all.slice(0, -2);
    const flags = command.optsWithGlobals() as GlobalFlags;
    runState.flags = flags;
    const { createDeps } = await import('./factory.js');
    const deps = createDeps(runState.io, flags);
    runState.cleanup = deps.cleanup;
    const { run } = await load();
    await run(deps, args, command.opts() as O, command);
  });
}
