import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopRunPostgres } from './postgres.js';

// Once per test run, before the workers start (they inherit the environment):
// - the run's scratch directory, TMPDIR of the workers and of what they start (not of the formctl
//   processes, which get a clean environment): on a RAM file system when the machine has one, as
//   the tests write thousands of files and SQLite databases they read once; removed at the end with
//   whatever a test or a browser left in it;
// - in it, the directory where the sandboxes' contract checks keep their compiled validators
//   (FORMCTL_SANDBOX_CONTRACT_CACHE), so that each one is compiled once in the run instead of by
//   every command a test starts;
// - and the run's shared directory (FORMCTL_TEST_SHARED_DIR), where the first test that needs
//   PostgreSQL starts the run's one server (test/helpers/postgres.ts), stopped here at the end.
export default function setup(): () => Promise<void> {
  const run = mkdtempSync(join(ramDisk() ?? tmpdir(), 'formctl-tests-'));
  const contract = join(run, 'contract');
  const shared = join(run, 'shared');
  chmodSync(run, 0o711); // another user may pass through (PostgreSQL runs as `postgres` under root)
  mkdirSync(contract);
  mkdirSync(shared, { mode: 0o711 });
  process.env.TMPDIR = run;
  process.env.FORMCTL_SANDBOX_CONTRACT_CACHE = contract;
  process.env.FORMCTL_TEST_SHARED_DIR = shared;
  return async () => {
    await stopRunPostgres(shared);
    rmSync(run, { recursive: true, force: true });
  };
}

/** /dev/shm when it is there and writable (Linux), else undefined */
function ramDisk(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}
