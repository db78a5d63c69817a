// The entry point. It answers --version and the help topics without loading anything else, and
// otherwise loads the commander tree (run.ts): start-up time is a benchmark target.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELP_TOPICS } from './helpTopics.js';

declare const __FORMCTL_VERSION__: string;
const VERSION = typeof __FORMCTL_VERSION__ === 'string' ? __FORMCTL_VERSION__ : '0.0.0-dev';

/** The root help rendered at build time (scripts/build.mjs); undefined when absent or the terminal is narrow. */
function prebuiltRootHelp(): string | undefined {
  if (process.stdout.isTTY && (process.stdout.columns ?? 80) < 80) return undefined;
  try {
    return readFileSync(join(__dirname, 'root-help.txt'), 'utf8');
  } catch {
    return undefined;
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h') && !process.env.FORMCTL_DYNAMIC_HELP) {
    const help = prebuiltRootHelp();
    if (help) {
      process.stdout.write(help);
      return 0;
    }
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
