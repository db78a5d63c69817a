import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The rows of imports the service acknowledged, by their idempotency key (form, file content, row):
 * a re-run sends only what is not in it, so finishing an interrupted import, or running a finished one
 * again, costs no request for the rows already done. One line per row, appended as each is
 * acknowledged (a line cut short by a crash is ignored); mode 0600.
 */
export class ImportLedger {
  private readonly keys: Set<string>;

  constructor(private readonly path: string) {
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch { /* no ledger yet */ }
    this.keys = new Set(text.split('\n').filter((l) => /^import-[0-9a-f]{48}$/.test(l)));
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    appendFileSync(this.path, `${key}\n`, { mode: 0o600 });
  }
}
