import { describe, expect, it } from 'vitest';
import { testIO } from '../../../src/cmdutil/testing.js';
import { fitColumns } from '../../../src/output/fit.js';
import { renderList, type View } from '../../../src/output/format.js';
import { eventLine, writeEvent } from '../../../src/output/eventLine.js';
import { StyledCell } from '../../../src/output/terminalText.js';

// Issue 25: terminal output that tells you everything.

interface Row { qrId: string; title: string; note: string; createdAt: string }
const view: View<Row> = { fields: ['qrId', 'title', 'note', 'createdAt'], columns: ['qrId', 'title', 'note', 'createdAt'], id: (r) => r.qrId, empty: 'No forms yet. Create one: formctl forms create --title …' };
const long = (n: number) => 'x'.repeat(n);
const rows: Row[] = [{ qrId: 'ABCDEFGHIJKLMNOP', title: long(60), note: long(50), createdAt: '2026-01-01T00:00:00.000Z' }];

describe('tables on a terminal', () => {
  it('ids keep their width; other columns shrink first, then the last ones are left out', () => {
    const fit = fitColumns([16, 60, 50, 24], 40, [true, false, false, false]);
    expect(fit.shown[0]).toBe(0);
    expect(fit.widths[0]).toBe(16);
    expect(fit.widths.reduce((a, b) => a + b, 0) + 3 * fit.shown.length + 1).toBeLessThanOrEqual(40);
    expect(fit.shown.length).toBeLessThan(4);
  });

  it('never cuts an id, and one dim line on stderr names the columns left out and how to see them', async () => {
    const t = testIO({ tty: true, columns: 40, env: { NO_COLOR: '1' } });
    const out = await renderList(t.io, { format: 'table', quiet: false }, view, rows);
    expect(out).toContain('ABCDEFGHIJKLMNOP');
    for (const line of out.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(40);
    expect(t.stderr()).toMatch(/Not shown to fit the terminal: .*createdAt.* \(choose columns with --columns, or see everything with -o json\)/);
    // a wide terminal shows everything and says nothing
    const wide = testIO({ tty: true, columns: 300 });
    await renderList(wide.io, { format: 'table', quiet: false }, view, rows);
    expect(wide.stderr()).toBe('');
  });

  it('measures styled cells (colour swatches) without their ANSI codes', async () => {
    const t = testIO({ tty: true, columns: 80 });
    const swatch = new StyledCell('████', '\u001b[38;2;0;0;0m██\u001b[39m\u001b[38;2;255;0;0m██\u001b[39m');
    const v: View<{ id: string; preview: StyledCell; name: string }> = { fields: ['id', 'name'], columns: ['id', 'preview', 'name'], id: (r) => r.id };
    const out = await renderList(t.io, { format: 'table', quiet: false }, v, [{ id: 'a', preview: swatch, name: 'classic' }]);
    // eslint-disable-next-line no-control-regex
    const widths = out.trimEnd().split('\n').map((l) => [...l.replace(/\u001b\[[\d;]*m/g, '')].length);
    expect(new Set(widths).size).toBe(1);
    expect(out).toContain(swatch.styled);
  });

  it('an empty list says so and what to do next on a terminal; JSON stays [] and CSV a header', async () => {
    const t = testIO({ tty: true });
    expect(await renderList(t.io, { format: 'table', quiet: false }, view, [])).toBe('');
    expect(t.stderr()).toBe('No forms yet. Create one: formctl forms create --title …\n');
    const pipe = testIO();
    expect(await renderList(pipe.io, { format: 'json', quiet: false }, view, [])).toBe('[]\n');
    expect(await renderList(pipe.io, { format: 'csv', quiet: false }, view, [])).toBe('qrId,title,note,createdAt\n');
    expect(pipe.stderr()).toBe('');
  });
});

describe('event streams', () => {
  const event = { event: 'submission.created', qrId: 'LUNCH1', formTitle: 'Lunch', submission: { id: 'a'.repeat(24), createdAt: '2026-01-01T12:03:04.000Z', answers: { k1: 'fish', k2: { firstName: 'Ada', lastName: 'L' }, k3: 'x', k4: 'y' } } };
  const summary = () => ({ at: event.submission.createdAt, event: event.event, qrId: event.qrId, title: event.formTitle, answers: [{ label: 'Meal', value: 'fish' }, { label: 'Who', value: event.submission.answers.k2 }, { label: 'C', value: 'x' }, { label: 'D', value: 'y' }] });

  it('a terminal gets one readable line: time, event, form, the first answers', () => {
    const t = testIO({ tty: true, columns: 120, env: { NO_COLOR: '1' } });
    const line = eventLine(t.io, summary());
    expect(line).toMatch(/^\d\d:\d\d:\d\d submission\.created LUNCH1 "Lunch" {2}Meal: fish · Who: Ada L · C: x · \+1 more\n$/);
    expect([...eventLine(testIO({ tty: true, columns: 40, env: { NO_COLOR: '1' } }).io, summary()).trimEnd()].length).toBeLessThanOrEqual(60);
  });

  it('a pipe or -o json gets JSON lines; -q the ids; --columns picks keys', () => {
    const t = testIO();
    writeEvent(t.io, { format: 'json', quiet: false }, event, event.submission.id, summary);
    writeEvent(t.io, { format: 'jsonl', quiet: false, fields: ['qrId'] }, event, event.submission.id, summary);
    writeEvent(t.io, { format: 'json', quiet: true }, event, event.submission.id, summary);
    expect(t.stdout().split('\n')).toEqual([JSON.stringify(event), '{"qrId":"LUNCH1"}', 'a'.repeat(24), '']);
  });
});
