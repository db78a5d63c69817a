import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configDir } from '../config/store.js';
import { writeFileAtomic } from '../io/atomicFile.js';
import type { Deps } from './deps.js';
import { sandboxDataDir } from '../config/store.js';

/**
 * FNV-1a (64 bits, as 16 hex characters): names a namespace, nothing secret, and keeps node:crypto
 * off the one-request path (`forms list` remembers its form ids here).
 */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  return h.toString(16).padStart(16, '0');
}

/** A local file of one API (its base URL, or the embedded sandbox's data dir), under the config dir. */
export function localFileFor(deps: Deps, folder: string, name: string, ext: string): string {
  const t = deps.target();
  const api = t.sandbox ? `sandbox:${sandboxDataDir(deps.io.env)}` : (t.baseUrl ?? '');
  const ns = fnv1a64(api);
  return join(configDir(deps.io.env), folder, `${ns}-${name}.${ext}`);
}

const FORM_IDS_KEPT = 500;

/** The form ids `forms list` and `forms get` saw, newest first, for shell completion (which never sends a request). */
export function rememberFormIds(deps: Deps, forms: Array<{ qrId: string; title: string }>): void {
  try {
    const path = localFileFor(deps, 'cache', 'form-ids', 'json');
    const before = readFormIds(deps);
    const known = before.filter((f) => !forms.some((n) => n.qrId === f.qrId));
    const next = JSON.stringify([...forms.map(({ qrId, title }) => ({ qrId, title })), ...known].slice(0, FORM_IDS_KEPT));
    if (next === JSON.stringify(before)) return; // nothing new: no write on the one-request path
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // renamed into place, not synced: a cache lost in a crash is only refilled by the next list
    writeFileAtomic(path, next, 0o600, { sync: false });
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

/** Where a form's submission schema is cached (submissions schema, create and validate read it). */
export function schemaCacheFile(deps: Deps, qrId: string): string {
  return localFileFor(deps, join('cache', 'schemas'), qrId, 'json');
}

/**
 * A form's cached schema forgotten, once formctl changed the form's fields (forms update, edit,
 * code apply, the MCP tool): the next command that needs it asks for it (one request), where the old
 * one refused a field just added.
 */
export function forgetFormSchema(deps: Deps, qrId: string): void {
  try {
    rmSync(schemaCacheFile(deps, qrId), { force: true });
  } catch { /* a cache: never a reason to fail the command */ }
}
