import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLines, finish, runLine, type DocShell } from '../helpers/docShell.js';
import { startPostgres, type Postgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/cli.js';

// Documentation that cannot rot: every ```sh block of the README and docs/ preceded by
// `<!-- runnable -->` runs line by line, in order, against the embedded sandbox (a fresh data dir
// and config dir per file, the blocks of a file sharing them and their variables, as a reader
// following the page would), and every line must end with exit 0. A block that cannot run in a test
// (a real account, an editor, a terminal) says why in `<!-- not runnable: … -->`; a block with
// neither marker fails. The generated pages (docs/commands, from --help) are checked for staleness
// by test/e2e/reference.test.ts; their examples use placeholder ids and are not run here.

const ROOT = join(__dirname, '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'commands' ? [] : markdownFiles(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

interface Block {
  marker: string | undefined;
  text: string;
}

function shBlocks(text: string): Block[] {
  return [...text.matchAll(/(?:(<!-- (?:runnable|not runnable: [^>]+) -->)\s*\n)?```sh\n([\s\S]*?)```/g)].map((m) => ({ marker: m[1], text: m[2]! }));
}

const work = mkdtempSync(join(tmpdir(), 'formctl-docs-'));
let executed = 0;
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  console.info(`documentation examples: ${executed} command lines run`);
  // every runnable line of every page: a page's blocks cannot quietly stop running
  expect(executed).toBeGreaterThanOrEqual(200);
});

describe('documentation', () => {
  it('every ```sh block is marked runnable, or says why it is not', () => {
    const unmarked = FILES.flatMap((f) => shBlocks(readFileSync(f, 'utf8')).filter((b) => !b.marker).map((b) => `${relative(ROOT, f)}: ${b.text.split('\n')[0]}`));
    expect(unmarked).toEqual([]);
  });
});

for (const file of FILES) {
  const blocks = shBlocks(readFileSync(file, 'utf8')).filter((b) => b.marker === '<!-- runnable -->');
  if (!blocks.length) continue;
  describe(`${relative(ROOT, file)} examples`, () => {
    const dir = mkdtempSync(join(work, 'doc-'));
    const sh: DocShell = { vars: { FORMCTL_CONFIG_DIR: join(dir, '.config'), FORMCTL_SANDBOX_DIR: join(dir, '.sandbox') }, cwd: dir, background: [], commands: 0 };
    let pg: Postgres | undefined;
    beforeAll(async () => {
      // the sandbox's one address, for a page whose examples serve it
      sh.vars.FORMCTL_SANDBOX_PORT = String(await freePort());
      // a page that syncs into PostgreSQL gets a real server, its URL in $DATABASE_URL
      if (blocks.some((b) => b.text.includes('$DATABASE_URL'))) sh.vars.DATABASE_URL = (pg = await startPostgres()).url;
    }, 60_000);
    afterAll(async () => {
      await finish(sh);
      await pg?.stop();
    });

    blocks.forEach((block, n) => {
      it(`runnable block ${n + 1} runs as written`, async () => {
        for (const line of commandLines(block.text)) {
          if (process.env.DOCS_TRACE) console.error(`$ ${line}`);
          const before = sh.commands;
          const r = await runLine(sh, line);
          expect(r.exitCode, `${line}\n${r.stderr}`).toBe(0);
          // a line counts when it ran something (not `npm ci`, which the suite's set-up has done, nor a plain assignment)
          if (sh.commands > before) executed++;
        }
        // what the block started in the background (a served sandbox, a listener) stops on Ctrl-C
        for (const code of await finish(sh)) expect(code, 'a command started with & ends with 130 on Ctrl-C').toBe(130);
      }, 120_000);
    });
  });
}
