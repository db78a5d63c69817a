import { defineConfig } from 'vitest/config';
import LongFirst from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/globalSetup.ts'],
    // the longest files first (test/helpers/sequencer.ts)
    sequence: { sequencer: LongFirst },
    pool: 'forks',
    // two workers on two cores (the default leaves one core idle); files share their worker's process
    poolOptions: { forks: { isolate: false, maxForks: 2, minForks: 2 } },
  },
});
