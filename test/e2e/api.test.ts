import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('formctl api', () => {
  it('GETs with -f as query parameters and prints the whole envelope', async () => {
    const r = await sb.cli(['api', 'GET', '/forms', '-f', 'limit=100', '-f', 'sort=2']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'success', data: { pageSize: 100 } });
  });

});
