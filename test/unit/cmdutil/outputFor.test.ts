import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../../src/cmdutil/factory.js';
import { testIO } from '../../../src/cmdutil/testing.js';
import type { View } from '../../../src/output/format.js';

const dir = mkdtempSync(join(tmpdir(), 'formctl-outputfor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const view: View<{ id: string }> = { fields: ['id'], columns: ['id'], id: (r) => r.id };

async function outputOf(flags: Record<string, unknown>, tty = true) {
  const deps = createDeps(testIO({ env: { FORMCTL_CONFIG_DIR: dir }, tty }).io, flags);
  await deps.prepare();
  return deps.outputFor(view);
}

// One place decides whether a command may print its sentences: a table a person reads, never a
// format asked for nor a query's result (which prints the data alone, whatever -o says)
describe('outputFor: prose', () => {
  it('a table with no --query is prose', async () => {
    expect((await outputOf({})).prose).toBe(true);
  });
  it('-o json, --json, -o csv are not, nor what a pipe gets by default', async () => {
    expect((await outputOf({}, false)).prose).toBe(false);
    expect((await outputOf({ output: 'json' })).prose).toBe(false);
    expect((await outputOf({ json: true })).prose).toBe(false);
    expect((await outputOf({ output: 'csv' })).prose).toBe(false);
  });
  it('--query is not, even shown as a table', async () => {
    const out = await outputOf({ query: 'id', output: 'table' });
    expect(out.format).toBe('table');
    expect(out.prose).toBe(false);
  });
});
