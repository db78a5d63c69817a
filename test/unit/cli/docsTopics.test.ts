import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../../src/cli/helpTopics.js';

// `formctl help exit-codes` and `help environment` are the short form of the tables in
// docs/getting-started.md: the same codes and the same variables, so that neither can drift.

const guide = readFileSync(new URL('../../../docs/getting-started.md', import.meta.url), 'utf8');

/** The first column of the Markdown table under `## heading`. */
function firstColumn(heading: string): string[] {
  const section = guide.slice(guide.indexOf(`## ${heading}\n`)).split(/\n## /)[0]!;
  return [...section.matchAll(/^\| `?([A-Z0-9_]+)`?[ ,|]/gm)].map((m) => m[1]!);
}

describe('help topics and the getting-started guide', () => {
  it('list the same exit codes', () => {
    const topic = [...HELP_TOPICS['exit-codes']!.matchAll(/^ {2}(\d+)\s/gm)].map((m) => m[1]!);
    expect(firstColumn('Exit codes')).toEqual(topic);
    expect(topic.length).toBeGreaterThanOrEqual(10);
  });

  it('list the same environment variables, in the same order', () => {
    const topic = [...HELP_TOPICS.environment!.matchAll(/^ {2}([A-Z][A-Z0-9_]*)/gm)].map((m) => m[1]!);
    expect(firstColumn('Environment variables')).toEqual(topic);
    expect(topic).toContain('FORMCTL_SYNC_URL');
  });
});
