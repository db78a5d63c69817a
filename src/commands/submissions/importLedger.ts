import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The rows of imports the service acknowledged, by their idempotency key (form, file content, row):
 * a re-run sends only what is not in it, so finishing an interrupted import, or running a finished one
 * again, costs no request for the rows already done. One line per row, appended as each is
 * acknowledged (a line cut short by a crash is ignored); mode 0600. It also notes which contents of a
 * file were imported (`source` lines), so that a file changed since (fixed in place) is said to be new.
 */
export class ImportLedger {
  private readonly keys: Set<string>;
  /** by file (a digest of its path): the digests of the contents imported from it */
  private readonly sources = new Map<string, Set<string>>();

  constructor(private readonly path: string) {
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch { /* no ledger yet */ }
    const lines = text.split('\n');
    this.keys = new Set(lines.filter((l) => /^import-[0-9a-f]{48}$/.test(l)));
    for (const l of lines) {
      const m = /^source ([0-9a-f]{16}) ([0-9a-f]{16})$/.exec(l);
      if (m) (this.sources.get(m[1]!) ?? this.sources.set(m[1]!, new Set()).get(m[1]!)!).add(m[2]!);
    }
  }

  /** the contents imported from this file before (digests), or undefined when it never was */
  contentsOf(file: string): ReadonlySet<string> | undefined {
    return this.sources.get(file);
  }

  /** a content of this file imported (some row of it acknowledged) */
  noteSource(file: string, content: string): void {
    if (this.sources.get(file)?.has(content)) return;
    (this.sources.get(file) ?? this.sources.set(file, new Set()).get(file)!).add(content);
    this.append(`source ${file} ${content}`);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.append(key);
  }

  private append(line: string): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    appendFileSync(this.path, `${line}\n`, { mode: 0o600 });
  }
}
