import { Command, CommanderError } from 'commander';
import { bind, runState } from './command.js';
import { EXIT, EXIT_CODES_HELP } from './errors.js';
import { VERSION } from './factory.js';
import { addConnectionFlags } from './flags.js';
import { exitCodeFor, reportError } from './report.js';

export interface GroupModule {
  register(program: Command, b: typeof bind): void;
}

interface Group {
  name: string;
  summary: string;
  load: () => Promise<GroupModule>;
}

// Only names and summaries live here; a group's verbs are registered when its name is on the command
// line, so `formctl --help` and `formctl forms list` load nothing they do not show or run.
export const GROUPS: Group[] = [
  { name: 'auth', summary: 'Log in, log out, switch and inspect profiles', load: () => import('../commands/auth/index.js') },
  { name: 'config', summary: 'Read and change settings', load: () => import('../commands/config/index.js') },
  { name: 'forms', summary: 'Create, list, change, share and download forms', load: () => import('../commands/forms/index.js') },
  { name: 'api', summary: 'Make an authenticated API request (like gh api)', load: () => import('../commands/api/index.js') },
  { name: 'sandbox', summary: 'Run and inspect the local API emulator', load: () => import('../commands/sandbox/index.js') },
  { name: 'completion', summary: 'Print a shell completion script (bash, zsh, fish)', load: () => import('../commands/completion/index.js') },
];

export const HELP_TOPICS: Record<string, string> = {
  'exit-codes': EXIT_CODES_HELP,
  environment: `Environment variables:
  FORMCTL_API_KEY       API key; overrides the profile's key (never printed)
  FORMCTL_BASE_URL      API base URL ending in /v1; overrides the profile's
  FORMCTL_PROFILE       profile to use instead of the current one
  FORMCTL_CONFIG_DIR    directory of the profile file (default: $XDG_CONFIG_HOME/formctl or ~/.config/formctl)
  FORMCTL_SANDBOX_DIR   data directory of the embedded sandbox (default: <config dir>/sandbox)
  FORMCTL_RETRY_BASE_MS base of the retry backoff in ms (default 1000: waits 1, 2, 4 s); for tests
  NO_COLOR              turn colour off
  CI                    never prompt; commands that would ask fail and name the flag to pass
`,
};

const VALUE_FLAGS = new Set(['-o', '--output', '--fields', '--profile', '--base-url', '--timeout', '--retries']);

/** The first word that is not a flag (nor a flag's value): the group to load. */
export function groupWord(argv: string[]): string | undefined {
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

export async function buildProgram(argv: string[], loadAll = false): Promise<Command> {
  const io = runState.io;
  const program = new Command('formctl')
    .description('Operate a form service account from the shell: forms, submissions, files, webhooks, team.\nTry it with no account: formctl --sandbox forms list')
    .version(VERSION, '-V, --version')
    .enablePositionalOptions()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride();
  addConnectionFlags(program, false);
  program.addHelpText(
    'after',
    `\nHelp topics:\n  formctl help exit-codes    exit codes and what they mean\n  formctl help environment   environment variables\n\nOutput flags (-o table|json|jsonl|csv, --json, --fields, -q) are given after the verb.`,
  );
  const word = groupWord(argv);
  for (const g of GROUPS) {
    if (loadAll || g.name === word || word === 'completion') {
      const mod = await g.load();
      mod.register(program, bind);
    } else {
      program.command(g.name).description(g.summary);
    }
  }
  return program;
}

async function main(argv: string[]): Promise<number> {
  const io = runState.io;
  // fast paths: no commander tree needed
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (argv[0] === 'help' && argv[1] !== undefined && HELP_TOPICS[argv[1]]) {
    io.stdout.write(HELP_TOPICS[argv[1]]!);
    return EXIT.ok;
  }
  process.once('SIGINT', () => {
    void Promise.resolve(runState.cleanup?.()).finally(() => process.exit(EXIT.interrupted));
  });
  let code: number = EXIT.ok;
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      code = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    } else {
      const flags = runState.flags;
      const jsonErrors = flags.json === true || flags.output === 'json' || flags.output === 'jsonl';
      reportError(io, err, jsonErrors);
      code = exitCodeFor(err);
    }
  } finally {
    try {
      await runState.cleanup?.();
    } catch { /* cleanup failures must not mask the command's outcome */ }
  }
  return code;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`formctl: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exitCode = EXIT.error;
  },
);
