import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPrompt } from '../../../src/domain/drafter/draft.js';
import { outline } from '../../../src/output/outline.js';

// The drafts the README and the drafting guide show are today's: each `$ formctl … ai draft "…"`
// line in a text block is followed by the outline the drafter gives now (to the first blank line,
// prompt or answer), so that a change to the drafter cannot leave them stale.
const PAGES = ['README.md', 'docs/drafting.md'];

/** The lines of the page's fenced blocks without a language or marked `text` (terminal captures). */
function captures(text: string): string[][] {
  const blocks: string[][] = [];
  let open: string[] | undefined;
  let capture = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      if (open) {
        if (capture) blocks.push(open);
        open = undefined;
      } else {
        open = [];
        capture = line === '```' || line === '```text';
      }
    } else open?.push(line);
  }
  return blocks;
}

function shown(page: string): Array<{ prompt: string; lines: string[] }> {
  const out: Array<{ prompt: string; lines: string[] }> = [];
  for (const lines of captures(readFileSync(new URL(`../../../${page}`, import.meta.url), 'utf8'))) {
    lines.forEach((l, i) => {
      const m = /^\$ formctl (?:--sandbox )?ai draft "([^"]+)"$/.exec(l);
      if (!m) return;
      const rest = lines.slice(i + 1);
      const end = rest.findIndex((r) => r === '' || r.startsWith('$') || r.startsWith('✔'));
      out.push({ prompt: m[1]!, lines: rest.slice(0, end < 0 ? rest.length : end) });
    });
  }
  return out;
}

describe('drafts shown in the documentation', () => {
  for (const page of PAGES) {
    it(`${page}: every draft shown is the one the drafter gives today`, () => {
      const drafts = shown(page);
      expect(drafts.length).toBeGreaterThanOrEqual(3);
      for (const d of drafts) expect(d.lines.join('\n'), d.prompt).toBe(outline(readPrompt(d.prompt).draft).trimEnd());
    });
  }
});
