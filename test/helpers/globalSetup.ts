import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopRunPostgres } from './postgres.js';

// Once per test run, before the workers start (they inherit the environment): the directory where
// the sandboxes' contract checks keep their compiled validators (FORMCTL_SANDBOX_CONTRACT_CACHE),
// so that each one is compiled once in the run instead of by every command a test starts; and the
// run's shared directory (FORMCTL_TEST_SHARED_DIR), where the first test that needs PostgreSQL
// starts the run's one server (test/helpers/postgres.ts), stopped here at the end.
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'formctl-contract-'));
  const shared = mkdtempSync(join(tmpdir(), 'formctl-run-'));
  process.env.FORMCTL_SANDBOX_CONTRACT_CACHE = dir;
  process.env.FORMCTL_TEST_SHARED_DIR = shared;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await stopRunPostgres(shared);
    rmSync(shared, { recursive: true, force: true });
  };
}
