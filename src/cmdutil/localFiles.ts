import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configDir } from '../config/store.js';
import { writeFileAtomic } from '../io/atomicFile.js';
import { sandboxDataDir, type Deps } from './factory.js';

/** A local file of one API (its base URL, or the embedded sandbox's data dir), under the config dir. */
export function localFileFor(deps: Deps, folder: string, name: string, ext: string): string {
  const t = deps.target();
  const api = t.sandbox ? `sandbox:${sandboxDataDir(deps.io.env)}` : (t.baseUrl ?? '');
  const ns = createHash('sha256').update(api).digest('hex').slice(0, 16);
  return join(configDir(deps.io.env), folder, `${ns}-${name}.${ext}`);
}

const FORM_IDS_KEPT = 500;

/** The form ids `forms list` and `forms get` saw, newest first, for shell completion (which never sends a request). */
export function rememberFormIds(deps: Deps, forms: Array<{ qrId: string; title: string }>): void {
  try {
    const path = localFileFor(deps, 'cache', 'form-ids', 'json');
    const known = readFormIds(deps).filter((f) => !forms.some((n) => n.qrId === f.qrId));
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileAtomic(path, JSON.stringify([...forms.map(({ qrId, title }) => ({ qrId, title })), ...known].slice(0, FORM_IDS_KEPT)), 0o600);
  } catch { /* a cache: never a reason to fail the command */ }
}

export function readFormIds(deps: Deps): Array<{ qrId: string; title: string }> {
  try {
    const value = JSON.parse(readFileSync(localFileFor(deps, 'cache', 'form-ids', 'json'), 'utf8')) as unknown;
    return Array.isArray(value) ? value.filter((f): f is { qrId: string; title: string } => typeof f?.qrId === 'string') : [];
  } catch {
    return [];
  }
}
