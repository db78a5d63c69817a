import { Option, type Command } from 'commander';
import type { bind as Bind, CommandBody } from './command.js';

/** How an option row departs from a plain `.option(flags, description)`. */
export interface OptionExtra {
  /** the value when the flag is not given (shown in help as "default: …") */
  default?: string;
  /** the only values accepted (shown in help as "choices: …") */
  choices?: readonly string[];
  /** the verb refuses to run without it */
  mandatory?: boolean;
  /** each use adds its value to a list (the description says "repeatable") */
  repeatable?: boolean;
}

export type OptionRow = readonly [flags: string, description: string, extra?: OptionExtra];

/**
 * One entry of a verb's option list, in the order help shows them: a row, an Option made elsewhere
 * (a shared one such as --csv-raw), or a group of flags several verbs share (output, redaction, …).
 */
export type VerbOption = OptionRow | Option | ((cmd: Command) => Command);

/** A verb as data: what `register` turns into a commander command bound to its lazily loaded body. */
export interface VerbSpec {
  name: string;
  summary: string;
  /** [name, description]: `<id>` required, `[id]` optional, `...` variadic, as commander reads them */
  args?: ReadonlyArray<readonly [name: string, description: string]>;
  options?: readonly VerbOption[];
  /** text shown after the verb's help (more explanation, examples) */
  help?: string;
  /** the verb's body, imported only when the verb runs; CommandBody<never> accepts a body of any options type */
  run: () => Promise<{ run: CommandBody<never> }>;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function addOption(cmd: Command, option: VerbOption): Command {
  if (typeof option === 'function') return option(cmd);
  if (option instanceof Option) return cmd.addOption(option);
  const [flags, description, extra = {}] = option;
  if (extra.choices) {
    // an Option object only where commander has no shorthand: the run that builds a sketch of this
    // verb (run.ts `focused`) then makes nothing for the other rows
    const made = new Option(flags, description).choices(extra.choices);
    if (extra.default !== undefined) made.default(extra.default);
    if (extra.mandatory) made.makeOptionMandatory();
    return cmd.addOption(made);
  }
  if (extra.repeatable) return cmd.option(flags, description, collect);
  return extra.mandatory ? cmd.requiredOption(flags, description, extra.default) : cmd.option(flags, description, extra.default);
}

/**
 * Registers a group's verbs with commander, in table order: each gets its arguments, its options and
 * help text, and a body loaded on first run, with the hidden connection flags (cmdutil/command.ts bind).
 */
export function registerVerbs(group: Command, verbs: readonly VerbSpec[], bind: typeof Bind): void {
  for (const spec of verbs) {
    // `group.command` and every call on its result go through the returned object: run.ts may hand
    // a proxy that makes the options of verbs this run does not use no-ops
    let cmd = group.command(spec.name).description(spec.summary);
    for (const [name, description] of spec.args ?? []) cmd = cmd.argument(name, description);
    for (const option of spec.options ?? []) cmd = addOption(cmd, option);
    if (spec.help !== undefined) cmd = cmd.addHelpText('after', spec.help);
    bind(cmd, spec.run);
  }
}
