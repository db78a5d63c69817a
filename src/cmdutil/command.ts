import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { systemIO, type IOStreams } from '../io/streams.js';
import type { Prompter } from '../io/prompter.js';
import type { Deps } from './factory.js';
import { addConnectionFlags, type GlobalFlags } from './flags.js';

export type CommandBody<O = Record<string, unknown>> = (deps: Deps, args: unknown[], opts: O, command: Command) => Promise<void>;

/** The state of this run shared with the entry's error handler (one run at a time per process). */
export const runState: {
  io: IOStreams;
  flags: GlobalFlags;
  prompter?: Prompter;
  cleanup?: () => Promise<void>;
  command?: string;
  jsonErrors: boolean;
  /** the run's requests went to the embedded sandbox (its errors' hints name the sandbox's remedies) */
  embeddedSandbox: boolean;
  /** the exit code of a signal or a closed stdout ending the run (guard.ts): what fails meanwhile is not reported */
  ending?: number;
} = {
  io: systemIO(),
  flags: {},
  jsonErrors: false,
  embeddedSandbox: false,
};

/** A new run: its streams (the process's unless given) and prompter; nothing left from a previous run. */
export function startRun(io: IOStreams | undefined, prompter: Prompter | undefined): void {
  if (io) runState.io = io;
  runState.prompter = prompter;
  runState.flags = {};
  runState.cleanup = undefined;
  runState.command = undefined;
  runState.jsonErrors = false;
  runState.embeddedSandbox = false;
  runState.ending = undefined;
}

/**
 * Wires a commander verb to a lazily imported body: the module (and whatever heavy library it uses)
 * is loaded only when this verb runs.
 */
export function bind<O>(cmd: Command, load: () => Promise<{ run: CommandBody<O> }>): Command {
  // every verb takes the connection flags after it too, as its help's "Inherited flags" line says
  return addConnectionFlags(cmd, true).action(async (...all: unknown[]) => {
    const command = all[all.length - 1] as Command;
    const args = all.slice(0, -2);
    const flags = command.optsWithGlobals() as GlobalFlags;
    runState.flags = flags;
    runState.command = [command.parent?.parent ? command.parent.name() : undefined, command.name()].filter(Boolean).join(' ');
    const { createDeps } = await import('./factory.js');
    const deps = createDeps(runState.io, flags, { prompter: runState.prompter, command: runState.command });
    runState.cleanup = deps.cleanup;
    await deps.prepare();
    // a damaged profile file is named before anything reads it (checked only when it changed)
    const { verifyConfig } = await import('../config/store.js');
    const exposed = await verifyConfig(runState.io.env);
    if (exposed) deps.warn(exposed);
    const { run } = await load();
    await run(deps, args, command.opts() as O, command);
  });
}

/** `--transparent --no-transparent`: a flag and its negation together are a usage error (commander kept the last). */
function refuseBothWays(cmd: Command): void {
  const pairs = new Map<string, Array<(typeof cmd.options)[number]>>();
  for (const o of cmd.options) if (!o.required && !o.optional) pairs.set(o.attributeName(), [...(pairs.get(o.attributeName()) ?? []), o]);
  for (const pair of pairs.values()) {
    if (pair.length !== 2 || pair[0]!.negate === pair[1]!.negate) continue;
    let said: string | undefined;
    for (const o of pair) {
      cmd.on(`option:${o.name()}`, () => {
        if (said !== undefined && said !== o.long) throw new UsageError(`${said} and ${o.long} say the opposite: give one of them`);
        said = o.long;
      });
    }
  }
}

/**
 * A single-value option given twice (`-o json -o csv`, `--title a --title b`) is a usage error
 * naming it, for every command of the tree at once: commander would keep the last one silently.
 * Options documented as "repeatable" collect their values and are left alone.
 */
export function refuseRepeatedOptions(root: Command): void {
  const walk = (cmd: Command) => {
    refuseBothWays(cmd);
    for (const option of cmd.options) {
      const takesValue = option.required || option.optional;
      if (!takesValue || option.variadic || /repeatable/.test(option.description)) continue;
      let first: unknown;
      let seen = false;
      cmd.on(`option:${option.name()}`, (value: unknown) => {
        if (seen) {
          const name = [option.short, option.long].filter(Boolean).join('/');
          throw new UsageError(`${name}: given more than once (${JSON.stringify(first)}, then ${JSON.stringify(value)}); give it once`);
        }
        seen = true;
        first = value;
      });
    }
    cmd.commands.forEach(walk);
  };
  walk(root);
}
