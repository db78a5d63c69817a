import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that take longest, started first whatever vitest knows: on a fresh clone it has no
// durations of earlier runs and starts the largest files first, which left a long file with few
// lines (the documentation's examples) to run alone at the end while the other worker sat idle.
// Longest first, every worker then stays busy till the end. Every other file keeps vitest's order.
const LONG = [
  'test/commands/readmeExamples.test.ts',
  'test/sandbox/qrDesigns.test.ts',
  'test/e2e/package.test.ts',
  'test/e2e/formPagePhone.test.ts',
  'test/e2e/browser.test.ts',
  'test/contract/typedClient.test.ts',
  'test/e2e/keyring.test.ts',
  'test/e2e/sandbox-links.test.ts',
  'test/e2e/mcp.test.ts',
  'test/e2e/pipes-signals.test.ts',
  'test/e2e/submissions.test.ts',
];

export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG.findIndex((l) => f.moduleId.endsWith(`/${l}`));
      return i < 0 ? LONG.length : i;
    };
    return sorted.map((f, i) => [rank(f), i, f] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , f]) => f);
  }
}
