// The entry point. It answers --version and the help topics without loading anything else, and
// otherwise loads the commander tree (run.ts): start-up time is a benchmark target.
import { EXIT_CODES_HELP } from './errors.js';
import { VERSION } from './version.js';

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

async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const topic = argv[0] === 'help' && argv[1] !== undefined ? HELP_TOPICS[argv[1]] : undefined;
  if (topic) {
    process.stdout.write(topic);
    return 0;
  }
  const { run } = await import('./run.js');
  return run(argv);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`formctl: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
