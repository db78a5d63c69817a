import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/globalSetup.ts'],
    pool: 'forks',
    // two workers on two cores (the default leaves one core idle); files share their worker's process
    poolOptions: { forks: { isolate: false, maxForks: 2, minForks: 2 } },
  },
});
