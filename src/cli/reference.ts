import type { Command, Option } from 'commander';
import { HELP_TOPICS } from './helpTopics.js';

// `formctl help reference` (every command and flag on one page, like `gh help reference`), the man
// pages (npm run man) and the Markdown manual in docs/commands (npm run docs: `help reference --json`
// is the tree it renders) generated from the same command tree.

interface Entry {
  path: string;
  usage: string;
  description: string;
  options: Array<{ flags: string; description: string }>;
  command: Command;
}

function visible(o: Option): boolean {
  return !(o as { hidden?: boolean }).hidden;
}

function entries(program: Command): Entry[] {
  const out: Entry[] = [];
  const walk = (cmd: Command, prefix: string[]) => {
    for (const c of cmd.commands) {
      if ((c as unknown as { _hidden?: boolean })._hidden) continue;
      const path = [...prefix, c.name()];
      if (c.commands.length === 0 || (c as unknown as { _actionHandler?: unknown })._actionHandler) {
        out.push({
          path: `formctl ${path.join(' ')}`,
          usage: `formctl ${path.join(' ')} ${c.usage()}`.trim(),
          description: c.description(),
          options: c.options.filter(visible).map((o) => ({ flags: o.flags, description: o.description })),
          command: c,
        });
      }
      walk(c, path);
    }
  };
  walk(program, []);
  return out;
}

export function referenceText(program: Command): string {
  const global = program.options.filter(visible).map((o) => `  ${o.flags.padEnd(24)} ${o.description}`).join('\n');
  const parts = [`# formctl help reference\n\nGlobal flags (before or after the verb):\n${global}\n`];
  for (const e of entries(program)) {
    parts.push(`## ${e.path}\n\n${e.description}\n\nUSAGE\n  ${e.usage}\n${e.options.length ? `\nFLAGS\n${e.options.map((o) => `  ${o.flags.padEnd(28)} ${o.description}`).join('\n')}\n` : ''}`);
  }
  parts.push(HELP_TOPICS['exit-codes']!, HELP_TOPICS.environment!);
  return `${parts.join('\n')}`;
}

/** An option as data: what --help shows of it. */
function optionData(o: Option) {
  const shown = o.defaultValue !== undefined && o.defaultValue !== false && !o.negate;
  return {
    flags: o.flags,
    description: o.description,
    ...(shown ? { default: String(o.defaultValueDescription ?? o.defaultValue) } : {}),
    ...(o.argChoices ? { choices: o.argChoices } : {}),
    ...(o.mandatory ? { mandatory: true } : {}),
    ...(o.variadic ? { variadic: true } : {}),
  };
}

/** The text a command's help shows after its flags (explanations, examples), as --help writes it. */
function helpAfter(cmd: Command): string {
  let text = '';
  (cmd as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command: cmd, write: (s: string) => (text += s) });
  return text;
}

/** The command tree as data (`help reference --json`), for the Markdown manual (scripts/docs.mjs). */
export function referenceData(program: Command): object {
  const shown = program.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
  return {
    description: program.description(),
    globalFlags: program.options.filter(visible).map(optionData),
    groups: shown.map((g) => ({ name: g.name(), description: g.description() })),
    commands: entries(program).map((e) => ({
      path: e.path,
      usage: e.usage,
      description: e.description,
      arguments: e.command.registeredArguments.map((a) => ({ name: a.name(), description: a.description, required: a.required, variadic: a.variadic })),
      options: e.command.options.filter(visible).map(optionData),
      helpAfter: helpAfter(e.command),
    })),
    topics: HELP_TOPICS,
  };
}

const roff = (s: string) => s.replace(/\\/g, '\\e').replace(/^([.'])/gm, '\\&$1').replace(/-/g, '\\-');

/**
 * A help topic laid out as a terminal shows it ("  NAME    what it is", continuation lines indented
 * further, notes at the margin) as man's tagged paragraphs, which man fills to its own width.
 */
function topicAsList(text: string): string[] {
  const out: string[] = [];
  let inNote = false;
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    const entry = /^ {1,2}(\S+(?:,? \S+)?)\s{2,}(\S.*)$/.exec(raw);
    if (entry) out.push('.TP', `.B ${roff(entry[1]!)}`, roff(entry[2]!));
    else if (/^\s{3,}/.test(raw) || inNote) out.push(roff(raw.trim()));
    else out.push('.PP', roff(raw.trim()));
    inNote = !entry && !/^\s/.test(raw);
  }
  return out;
}

/** A man page: formctl(1) for the whole tool, formctl-GROUP(1) for a group. */
export function manPage(program: Command, group: string | undefined, version: string): string {
  const all = entries(program);
  const name = group ? `formctl-${group}` : 'formctl';
  // .nh: no word of a command or flag is hyphenated across lines ("form‐ ctl‐auth(1)")
  const lines = [`.TH ${name.toUpperCase()} 1 "" "formctl ${version}" "formctl manual"`, '.nh', '.SH NAME'];
  if (!group) {
    // the description's first sentence, over however many lines --help wraps it
    const summary = program.description().replace(/\n/g, ' ').replace(/\.\s.*$/, '').replace(/\.$/, '');
    lines.push(`formctl \\- ${roff(summary)}`, '.SH SYNOPSIS', '.B formctl', '.I group verb', '[flags]', '.SH COMMANDS');
    for (const c of program.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)) lines.push('.TP', `.B formctl ${roff(c.name())}`, `${roff(c.description())}.`, '.br', `See \\fBformctl\\-${roff(c.name())}\\fR(1).`);
    lines.push('.SH GLOBAL FLAGS');
    for (const o of program.options.filter(visible)) lines.push('.TP', `.B ${roff(o.flags)}`, roff(o.description));
    lines.push('.SH EXIT STATUS', ...topicAsList(HELP_TOPICS['exit-codes']!.replace(/^Exit codes:\n/, '')), '.SH ENVIRONMENT', ...topicAsList(HELP_TOPICS.environment!.replace(/^Environment variables:\n/, '')));
  } else {
    const cmd = program.commands.find((c) => c.name() === group)!;
    lines.push(`formctl ${roff(group)} \\- ${roff(cmd.description())}`, '.SH COMMANDS');
    for (const e of all.filter((x) => x.path === `formctl ${group}` || x.path.startsWith(`formctl ${group} `))) {
      lines.push('.SS', roff(e.path), roff(e.description), '.PP', `.B ${roff(e.usage)}`);
      for (const o of e.options) lines.push('.TP', `.B ${roff(o.flags)}`, roff(o.description));
    }
  }
  lines.push('.SH SEE ALSO', group ? '\\fBformctl\\fR(1), \\fBformctl help reference\\fR' : '\\fBformctl help reference\\fR; docs/commands in the repository');
  return `${lines.join('\n')}\n`;
}
