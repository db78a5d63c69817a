import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Once per test run, before the workers start (they inherit the environment): the directory where
// the sandboxes' contract checks keep their compiled validators (FORMCTL_SANDBOX_CONTRACT_CACHE),
// so that each one is compiled once in the run instead of by every command a test starts.
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'formctl-contract-'));
  process.env.FORMCTL_SANDBOX_CONTRACT_CACHE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
