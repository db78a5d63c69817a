// The entry point. It answers --version and the help topics without loading anything else, and
// otherwise loads the commander tree (run.ts): start-up time is a benchmark target.
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { HELP_TOPICS } from './helpTopics.js';
import { isTerminal } from '../io/streams.js';
import { loadBundle } from './bundle.js';

import { VERSION } from '../version.js';

/**
 * Writes the whole text to fd 1 without creating `process.stdout` (a stream whose set-up costs more
 * than the rest of `--version`). A closed pipe ends quietly with 141, as everywhere else.
 */
function writeOut(text: string): number {
  const buf = Buffer.from(text);
  try {
    for (let off = 0; off < buf.length; ) {
      try {
        off += writeSync(1, buf, off);
      } catch (err) {
        // a non-blocking pipe that is full: wait a moment and write the rest
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 141;
    throw err;
  }
  return 0;
}

/** Whether stdout is a terminal narrower than the prebuilt help. */
function narrowTerminal(): boolean {
  return isTerminal(1) && (process.stdout.columns ?? 80) < 80;
}

declare const __FORMCTL_ROOT_HELP__: string | undefined;

/**
 * The root help rendered at build time (scripts/build.mjs), inside this file: no other file to read;
 * undefined when absent (a build's first pass, tests from source) or the terminal is narrow.
 */
function prebuiltRootHelp(): string | undefined {
  if (typeof __FORMCTL_ROOT_HELP__ !== 'string' || narrowTerminal()) return undefined;
  return __FORMCTL_ROOT_HELP__;
}

interface RunModule {
  run(argv: string[]): Promise<number>;
}

/** dist/run.js, the commander tree, through V8's code cache (cli/bundle.ts). */
function loadRun(): RunModule {
  return loadBundle(join(__dirname, 'run.js')) as RunModule;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    return writeOut(`${VERSION}\n`);
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const help = prebuiltRootHelp();
    if (help) return writeOut(help);
  }
  const topic = argv[0] === 'help' && argv[1] !== undefined ? HELP_TOPICS[argv[1]] : undefined;
  if (topic) return writeOut(topic);
  return loadRun().run(argv);
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
