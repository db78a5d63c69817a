import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/inProcessCli.js';

// Issue 25: the README's examples run as written. Every ```sh block preceded by `<!-- runnable -->`
// runs line by line against the embedded sandbox in a fresh data dir; each formctl command must end
// with exit 0. The few shell forms used there are understood: `&&`, `\` continuations, comments,
// `VAR=$(formctl …)` and "$VAR". `npm` commands (installing) are skipped.

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

function runnableBlocks(text: string): string[] {
  return [...text.matchAll(/<!-- runnable -->\s*\n```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Shell words of one command: single and double quotes, no globbing; an unquoted # starts a comment. */
function words(line: string): string[] {
  const out: string[] = [];
  let cur: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      cur = (cur ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (/\s/.test(c)) {
      if (cur !== undefined) out.push(cur);
      cur = undefined;
    } else if (c === '#' && cur === undefined) break;
    else cur = (cur ?? '') + c;
  }
  if (cur !== undefined) out.push(cur);
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'formctl-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('README examples', () => {
  const blocks = runnableBlocks(README);

  it('has runnable blocks (the quick start and the first tour)', () => expect(blocks.length).toBeGreaterThanOrEqual(2));

  blocks.forEach((block, n) => {
    it(`runnable block ${n + 1} runs as written`, async () => {
      const env = { FORMCTL_CONFIG_DIR: join(dir, `config-${n}`), FORMCTL_SANDBOX_DIR: join(dir, `sandbox-${n}`) };
      const vars: Record<string, string> = {};
      const lines = block.replace(/\\\n/g, ' ').split('\n').filter((l) => l.trim() !== '');
      for (const line of lines) {
        for (const command of line.split(' && ')) {
          const assignment = /^\s*(\w+)=\$\((.*)\)\s*$/.exec(command);
          const text = (assignment ? assignment[2]! : command).replace(/\$(\w+)/g, (_, v: string) => vars[v] ?? `$${v}`);
          const argv = words(text);
          if (argv[0] === 'npm' || argv.length === 0) continue;
          expect(argv[0], line).toBe('formctl');
          const args = argv.slice(1);
          const r = await runInProcess(args[0] === 'help' || args.includes('--sandbox') ? args : ['--sandbox', ...args], { env });
          expect([r.exitCode, r.stderr], command).toEqual([0, expect.any(String)]);
          if (assignment) vars[assignment[1]!] = r.stdout.trim();
        }
      }
    });
  });
});
