import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/mcp/server.js';
import { annotationsOf } from '../../src/mcp/tool.js';

// The docs/mcp.md's tool list is the tree's: a tool added, renamed or re-annotated fails this test until
// the table is pasted again (the expected table is in the failure message).

const flag = (on: boolean) => (on ? 'yes' : '');

export function toolTable(): string {
  const rows = ALL_TOOLS.map((t) => {
    const a = annotationsOf(t);
    const needs = t.effect === 'read' ? '' : `--allow-${t.effect}`;
    return `| \`${t.name}\` | ${t.description.replace(/\|/g, '\\|')} | ${needs} | ${flag(a.readOnlyHint)} | ${flag(a.destructiveHint)} | ${flag(a.idempotentHint)} | ${flag(a.openWorldHint)} |`;
  });
  return ['| tool | what it is for | needs | read-only | destructive | idempotent | open world |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

describe('docs/mcp.md: AI assistants (MCP)', () => {
  it('lists every tool with its annotations, as the tree declares them', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../docs/mcp.md'), 'utf8');
    const table = toolTable();
    expect(readme.includes(table), `docs/mcp.md should hold this table:\n${table}`).toBe(true);
    expect(readme).toContain(`${ALL_TOOLS.length} tools`);
  });
});
