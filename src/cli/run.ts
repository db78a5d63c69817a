import { Command, CommanderError, Help } from 'commander';
import { bind, refuseRepeatedOptions, runState, startRun } from '../cmdutil/command.js';
import { VERB_EXAMPLES } from './helpExamples.js';
import { helpArgv, helpTopic } from './helpRouting.js';
import type { Prompter } from '../io/prompter.js';
import type { IOStreams } from '../io/streams.js';
import { EXIT, UsageError } from '../errors.js';
import { guardProcess } from './guard.js';
import { VERSION } from '../version.js';
import { addConnectionFlags } from '../cmdutil/flags.js';

export interface GroupModule {
  register(program: Command, b: typeof bind): void;
}

interface Group {
  name: string;
  summary: string;
  hidden?: boolean;
  load: () => Promise<GroupModule>;
}

// Only names and summaries live here; a group's verbs are registered when its name is on the command
// line, so `formctl --help` and `formctl forms list` load nothing they do not show or run.
export const GROUPS: Group[] = [
  { name: 'auth', summary: 'Log in, log out, switch and inspect profiles', load: () => import('../commands/auth/index.js') },
  { name: 'config', summary: 'Read and change settings', load: () => import('../commands/config/index.js') },
  { name: 'forms', summary: 'Create, list, change, share and download forms', load: () => import('../commands/forms/index.js') },
  { name: 'submissions', summary: 'Create, read, export and import submissions', load: () => import('../commands/submissions/index.js') },
  { name: 'analytics', summary: 'Scan analytics: a summary with a chart, or the raw scans as CSV', load: () => import('../commands/analytics/index.js') },
  { name: 'presets', summary: 'QR design presets to apply with forms design', load: () => import('../commands/presets/index.js') },
  { name: 'ai', summary: 'Draft forms from a sentence (the AI builder)', load: () => import('../commands/ai/index.js') },
  { name: 'team', summary: 'Team members and roles (Business plan and above)', load: () => import('../commands/team/index.js') },
  { name: 'templates', summary: 'Browse, use, favorite, share and save form templates', load: () => import('../commands/templates/index.js') },
  { name: 'upload', summary: 'Upload, list and delete files (logos, form assets, submission files)', load: () => import('../commands/upload/index.js') },
  { name: 'webhook', summary: 'Configure, listen to, verify and trigger the signed webhook', load: () => import('../commands/webhook/index.js') },
  { name: 'api', summary: 'Make an authenticated API request (like gh api)', load: () => import('../commands/api/index.js') },
  { name: 'quota', summary: "This month's requests as formctl counted them, against the plan's limit", load: () => import('../commands/quota/index.js') },
  { name: 'mcp', summary: 'Serve the account to AI assistants (Model Context Protocol over stdio)', load: () => import('../commands/mcp/index.js') },
  { name: 'doctor', summary: 'Check the set-up: config modes, key, base URL, clock, quota, sandbox data, Node', load: () => import('../commands/doctor/index.js') },
  { name: 'sandbox', summary: 'Run and inspect the local API emulator', load: () => import('../commands/sandbox/index.js') },
  { name: 'completion', summary: 'Print a shell completion script (bash, zsh, fish)', load: () => import('../commands/completion/index.js') },
  // the completion scripts' helper for profile names and form ids (local files only)
  { name: '__complete', summary: '', hidden: true, load: () => import('../commands/completion/dynamicIndex.js') },
];

const INHERITED_FLAGS = '\nInherited flags (formctl help global):\n  --sandbox --profile --base-url --timeout --retries --max-requests --verbose\n';

const VALUE_FLAGS = new Set(['-o', '--output', '--columns', '--query', '--profile', '--base-url', '--timeout', '--retries', '--max-requests']);

/**
 * Whether failures are reported as one JSON object on stderr: FORMCTL_ERROR_FORMAT=json (or =text
 * for lines), else when the line asks for JSON output (-o json|jsonl, --json). Read from the words
 * themselves, so that a line commander refuses is reported the same way.
 */
function wantsJsonErrors(argv: string[], env: NodeJS.ProcessEnv): boolean {
  const chosen = env.FORMCTL_ERROR_FORMAT?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'text') return chosen === 'json';
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    const inline = /^(?:--output=|-o=?)(.+)$/.exec(a)?.[1];
    const format = a === '-o' || a === '--output' ? argv[++i] : inline;
    if (a === '--json') json = true;
    else if (format !== undefined) json = format === 'json' || format === 'jsonl';
  }
  return json;
}

/** The first word that is not a flag (nor a flag's value): the group to load. */
function groupWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    if (a === 'help') continue;
    return a;
  }
  return undefined;
}

/** The word after the group (the verb to run), when the line runs one rather than asking for help. */
function verbWord(argv: string[], group: string): string | undefined {
  if (argv.includes('--help') || argv.includes('-h')) return undefined;
  const rest = argv.slice(argv.indexOf(group) + 1);
  const verb = groupWord(rest);
  return verb === undefined || verb === 'help' ? undefined : verb;
}

/**
 * A proxy of a command: `override` may answer a property; every other method call goes to the
 * command, and where it returns the command (commander's chaining) the proxy is returned instead,
 * so that a chain started on the proxy stays on it.
 */
function around(cmd: Command, override: (prop: string | symbol, self: Command) => unknown): Command {
  const proxy: Command = new Proxy(cmd, {
    get(target, prop) {
      const own = override(prop, proxy);
      if (own !== undefined) return own;
      const v = Reflect.get(target, prop, target) as unknown;
      if (typeof v !== 'function') return v;
      return (...a: unknown[]) => {
        const out = (v as (...x: unknown[]) => unknown).apply(target, a);
        return out === target ? proxy : out;
      };
    },
  });
  return proxy;
}

/** A command's option, argument and help-text calls made no-ops (and those of the commands made under it). */
const IGNORED = new Set(['option', 'requiredOption', 'addOption', 'argument', 'arguments', 'addArgument', 'addHelpText']);
function sketch(cmd: Command): Command {
  return around(cmd, (prop, self) => {
    if (typeof prop === 'string' && IGNORED.has(prop)) return () => self;
    if (prop === 'command') return (...a: Parameters<Command['command']>) => sketch(cmd.command(...a) as Command);
    return undefined;
  });
}

/**
 * The program as a group's register() sees it when the line runs one verb: that verb is made in
 * full and the group's other verbs only by name and description (enough to dispatch). Their options
 * are what a group costs to build, and a script running one verb thousands of times pays it each time.
 */
function focused(program: Command, verb: string): { program: Command; runs(): boolean } {
  // whether a verb that can run this line was made in full: the one named, or the group's default
  // verb (`analytics QRID`); when neither, the word is an alias or a typo and the group is built whole
  let made = false;
  const group = (g: Command): Command =>
    around(g, (prop) => {
      if (prop !== 'command') return undefined;
      return (...a: Parameters<Command['command']>) => {
        const cmd = g.command(...a) as Command;
        const full = String(a[0]).split(' ')[0] === verb || (a[1] as { isDefault?: boolean } | undefined)?.isDefault === true;
        made ||= full;
        return full ? cmd : sketch(cmd);
      };
    });
  return {
    program: around(program, (prop) => (prop === 'command' ? (...a: Parameters<Command['command']>) => group(program.command(...a) as Command) : undefined)),
    runs: () => made,
  };
}

export async function buildProgram(argv: string[], loadAll = false, focus = true): Promise<Command> {
  const io = runState.io;
  const program = new Command('formctl')
    .description('Operate a form service account from the shell: forms, submissions, files,\nwebhooks, analytics, QR designs, team and templates.\nTry it with no account: formctl --sandbox forms list')
    .version(VERSION, '-V, --version')
    .enablePositionalOptions()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      // with JSON errors commander's own message is not written: run() reports it as JSON
      writeErr: (s) => void (runState.jsonErrors ? undefined : io.stderr.write(s)),
    })
    .exitOverride();
  addConnectionFlags(program, false);
  // every verb's help lists the global flags it inherits, and shows defaults as typed (4, not "4")
  program.configureHelp({
    // gh's INHERITED FLAGS: one line pointing to `formctl help global`, not the global flags in full
    formatHelp: (cmd, helper) => `${Help.prototype.formatHelp.call(helper, cmd, helper)}${cmd.parent ? INHERITED_FLAGS : ''}`,
    optionDescription: (option) => {
      const extra: string[] = [];
      if (option.argChoices) extra.push(`choices: ${option.argChoices.join(', ')}`);
      if (option.defaultValue !== undefined && option.defaultValue !== false && !option.negate) extra.push(`default: ${String(option.defaultValueDescription ?? option.defaultValue)}`);
      return extra.length ? `${option.description} (${extra.join('; ')})` : option.description;
    },
  });
  program.addHelpText(
    'after',
    `\nHelp topics:\n  formctl help global        the global and output flags every verb inherits\n  formctl help exit-codes    exit codes and what they mean\n  formctl help environment   environment variables\n\nOutput flags (-o table|json|jsonl|csv, --json, --columns, -q) are given after the verb.`,
  );
  const word = groupWord(argv);
  for (const g of GROUPS) {
    if (g.hidden && g.name !== word) continue;
    if (loadAll || g.name === word || word === 'completion') {
      const mod = await g.load();
      const verb = !loadAll && focus && g.name === word ? verbWord(argv, g.name) : undefined;
      const view = verb ? focused(program, verb) : undefined;
      mod.register(view?.program ?? program, bind);
      const group = program.commands.find((c) => c.name() === g.name);
      if (view && group && group.commands.length > 0 && !view.runs()) return buildProgram(argv, loadAll, false);
      for (const verb of group?.commands ?? []) {
        const examples = VERB_EXAMPLES[`${g.name} ${verb.name()}`];
        if (examples) verb.addHelpText('after', `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}`);
      }
    } else {
      program.command(g.name).description(g.summary);
    }
  }
  refuseRepeatedOptions(program);
  return program;
}

/** Where a run talks to: the process's streams, or a test's (in-process command tests). */
export interface RunContext {
  io?: IOStreams;
  prompter?: Prompter;
}

/** A failure reported on stderr (commander's usage errors as UsageError); its exit code. */
async function reported(err: unknown): Promise<number> {
  // the run is being ended (Ctrl-C, a closed stdout): its cleanups cut what was under way, and the
  // exit code is the signal's (guard.ts); what failed because of that is not news
  if (runState.ending !== undefined) return runState.ending;
  // --help and --version end through commander too, with 0; commander wrote its usage errors already, unless JSON
  if (err instanceof CommanderError && (err.exitCode === 0 || !runState.jsonErrors)) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  const { exitCodeFor, reportError } = await import('./report.js');
  // a group named without a verb shows its help as an error: in JSON, one sentence instead
  const usage = (e: CommanderError) => (e.code === 'commander.help' ? 'a command is needed here: add --help to list them' : e.message.replace(/^error: /, ''));
  const failure = err instanceof CommanderError ? new UsageError(usage(err)) : err;
  reportError(runState.io, failure, runState.jsonErrors, runState.embeddedSandbox);
  return exitCodeFor(failure);
}

/** Parses and runs one command line; returns the exit code. */
export async function run(argv: string[], ctx: RunContext = {}): Promise<number> {
  startRun(ctx.io, ctx.prompter);
  const io = runState.io;
  runState.jsonErrors = wantsJsonErrors(argv, io.env);
  // a test's run in this process leaves the process's signals and streams alone
  if (!ctx.io) guardProcess();
  let code: number = EXIT.ok;
  try {
    // `help` may follow global flags (`--sandbox help forms create`): they do not change the help
    const helpAt = argv.findIndex((w, i) => !w.startsWith('-') && !VALUE_FLAGS.has(argv[i - 1] ?? ''));
    if (helpAt > 0 && argv[helpAt] === 'help') argv = argv.slice(helpAt);
    if (argv[0] === 'help' && argv[1] === 'reference') {
      // every command and flag on one page (or, for npm run man, a man page; for npm run docs, the tree as JSON)
      const man = argv.indexOf('--man');
      // a group's man page needs that group's commands only, not every group's bundle loaded
      const group = man >= 0 && !argv.includes('--json') ? argv[man + 1] : undefined;
      const program = group ? await buildProgram([group], false, false) : await buildProgram([], true);
      const { manPage, referenceData, referenceText } = await import('./reference.js');
      if (argv.includes('--json')) io.stdout.write(`${JSON.stringify(referenceData(program), null, 2)}\n`);
      else io.stdout.write(man >= 0 ? manPage(program, argv[man + 1], VERSION) : referenceText(program));
      return EXIT.ok;
    }
    let line = argv;
    if (argv[0] === 'help') {
      const words = argv.slice(1).filter((w) => !w.startsWith('-'));
      const topic = helpTopic(words[0]);
      if (topic) {
        io.stdout.write(topic);
        return EXIT.ok;
      }
      line = words.length ? helpArgv(await buildProgram([...words, '--help']), words) : ['--help'];
    }
    const program = await buildProgram(line);
    await program.parseAsync(line, { from: 'user' });
  } catch (err) {
    code = await reported(err);
  } finally {
    try {
      await runState.cleanup?.();
    } catch { /* cleanup failures must not mask the command's outcome */ }
  }
  return code;
}
