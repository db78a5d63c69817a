import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QrConfig } from '../domain/form.js';
import { sizeOf, type Design } from './qr/index.js';
import { logoProblem } from './qr/logoCheck.js';
import type { Logo } from './qr/scene.js';
import type { FileRow } from './repo/files.js';
import type { SandboxStore } from './repo/store.js';

/**
 * The file a design's logo URL names, when it may be drawn: an image of the form's own account, not
 * one still waiting for a page submit's retry (its record only: the bytes are read by logoOf).
 */
export function logoFileOf(store: SandboxStore, uri: string | undefined, accountId: string): FileRow | undefined {
  const id = uri ? /\/files\/([0-9a-f]{24})(?:[?#].*)?$/.exec(uri)?.[1] : undefined;
  const file = id ? store.files.get(id) : undefined;
  return file && file.account_id === accountId && file.category !== 'pending' && file.mime.startsWith('image/') ? file : undefined;
}

/**
 * The image `qrConfig.logo` names, when it is a file this sandbox holds (the fileUrl of an upload);
 * docs/sandbox.md "Sandbox assumptions": other URLs are not fetched (the sandbox makes no outside requests),
 * and the code is drawn without a logo.
 */
export async function logoOf(store: SandboxStore, uri: string | undefined, accountId: string): Promise<Logo | undefined> {
  const file = logoFileOf(store, uri, accountId);
  if (!file) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(store.filesDir, file.id));
  } catch {
    return undefined;
  }
  // an image too large to decode, or an SVG with filters (qr/logoCheck.ts): the code is drawn without
  // it (a logo upload refuses such a file; one uploaded as a form's or a submission's may name it)
  return (await checkedLogo(file.id, bytes, file.mime)) ? undefined : { bytes, mime: file.mime };
}

/** a file's verdict, kept by its id (a file's bytes never change): an SVG is parsed once, not at every drawing */
const verdicts = new Map<string, string | undefined>();
async function checkedLogo(id: string, bytes: Buffer, mime: string): Promise<string | undefined> {
  if (verdicts.has(id)) return verdicts.get(id);
  const problem = await logoProblem(bytes, mime);
  if (verdicts.size >= 1000) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(id, problem);
  return problem;
}

export async function designFor(store: SandboxStore, accountId: string, config: QrConfig | undefined, resolution?: number): Promise<Design> {
  const c = config ?? {};
  return { config: c, sizePx: sizeOf(c, resolution), logo: await logoOf(store, c.logo, accountId) };
}
