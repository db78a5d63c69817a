import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirst from './test/helpers/sequencer.js';
import { testJitFlags } from './scripts/jit-flags.mjs';

const workers = () => availableParallelism() + 1;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/globalSetup.ts'],
    // the longest files first (test/helpers/sequencer.ts)
    sequence: { sequencer: LongFirst },
    pool: 'forks',
    // one worker more than cores: the end-to-end files spend much of their time waiting on the
    // processes, browsers and servers they start, and a third worker on two cores fills that time
    // (76 s → 66 s for vitest alone on an idle 2-core machine); files share their worker's process
    // the optimiser held back for code that runs only a few thousand times (scripts/jit-flags.mjs)
    poolOptions: { forks: { execArgv: testJitFlags(), isolate: false, maxForks: workers(), minForks: workers() } },
  },
});
