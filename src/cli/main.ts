// The entry point after bin/formctl.js (which sends `--version` and `--help` alone to quick.ts). It
// answers the help topics without loading anything else, and otherwise loads the commander tree
// (run.ts): start-up time is a benchmark target.
import { join } from 'node:path';
import { topicText } from './helpTopics.js';
import { loadBundle } from './bundle.js';
import { writeOut } from './writeOut.js';

interface RunModule {
  run(argv: string[]): Promise<number>;
}

/** dist/run.js, the commander tree, through V8's code cache (cli/bundle.ts). */
function loadRun(): RunModule {
  return loadBundle(join(__dirname, 'run.js')) as RunModule;
}

async function main(argv: string[]): Promise<number> {
  const topic = argv[0] === 'help' && argv[1] !== undefined ? topicText(argv[1]) : undefined;
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
