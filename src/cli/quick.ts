// dist/quick.js: what bin/formctl.js loads for `--version` or `--help` alone, the two lines people
// and scripts run most to check an install, from a file that holds nothing else (start-up target:
// within 5 % of `node -e 0`; main.js, with the help topics and the bundle loader, cost 2 to 3 % more).
// The root help is rendered at build time; where it does not fit (a narrow terminal, a build's first
// pass) the line goes on to main.js, which builds the commander tree.
import { isTerminal } from '../io/streams.js';
import { VERSION } from '../version.js';
import { writeOut } from './writeOut.js';

declare const __FORMCTL_ROOT_HELP__: string | undefined;

/**
 * The root help rendered at build time (scripts/build.mjs), inside this file: no other file to read;
 * undefined when absent (a build's first pass, tests from source) or the terminal is narrower than it.
 */
function prebuiltRootHelp(): string | undefined {
  if (typeof __FORMCTL_ROOT_HELP__ !== 'string') return undefined;
  if (isTerminal(1) && (process.stdout.columns ?? 80) < 80) return undefined;
  return __FORMCTL_ROOT_HELP__;
}

const arg = process.argv[2];
const text = arg === '--version' || arg === '-V' ? `${VERSION}\n` : prebuiltRootHelp();
if (text !== undefined) process.exitCode = writeOut(text);
// dist/main.js, beside this file (not bundled into it)
else require(`${__dirname}/main.js`);
