import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalText } from '../../src/output/terminalText.js';
import { startSandbox } from '../helpers/commandSandbox.js';

// What strangers type reaches an admin's terminal: no value may clear the screen (CSI 2J), retitle
// the window (OSC 0) or write the clipboard (OSC 52). Shown as visible \xHH; JSON stays as it is.
const OSC52 = '\u001b]52;c;ZWNobyBoaQ==\u0007';
const CLEAR = '\u001b[2J';
const TITLE = '\u001b]0;pwned\u0007';
const C1_CSI = '\u009b31m';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let qrId: string;
let sid: string;
beforeAll(async () => {
  sb = await startSandbox();
  const form = (await sb.api('POST', '/forms', { body: { title: `Evil${TITLE}`, shortText: 'x', fields: [{ type: 'shortText', option: { label: `Note${CLEAR}` } }] } })).body.data;
  qrId = form.qrId;
  sid = (await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [form.fields[0].key]: `hi${OSC52}${C1_CSI}` } } })).body.data.submissionId;
});
afterAll(() => sb.stop());

const dangerous = /[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f]|\u001b(?!\[[0-9;]*m)/;

describe('control characters from data, on a terminal', () => {
  it('are written as visible \\xHH', () => {
    expect(terminalText(`a${CLEAR}b\n\tc\u009b`)).toBe('a\\x1b[2Jb\n\tc\\x9b');
  });

  it.each([
    ['forms list', () => ['forms', 'list']],
    ['forms get', () => ['forms', 'get', qrId]],
    ['submissions list', () => ['submissions', 'list', qrId]],
    ['submissions get', () => ['submissions', 'get', sid]],
  ])('%s shows them escaped, never raw (formctl colours excepted)', async (_name, args) => {
    const r = await sb.run(args(), { tty: true, columns: 200 });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toMatch(dangerous);
    expect(r.stdout).toMatch(/\\x1b/);
  });

  it('in an error message from the service', async () => {
    const r = await sb.run(['submissions', 'create', qrId, '--answers', JSON.stringify({ [`zz${CLEAR}`]: 'x' })], { tty: true });
    expect(r.exitCode).not.toBe(0);
    const error = r.stderr.slice(r.stderr.indexOf('error:')); // before it: the spinner's own cursor codes
    expect(error).not.toMatch(dangerous);
    expect(error).toContain('\\x1b[2J');
  });

  // a title that retitles the window and turns the text red: the analytics header and the messages
  // of forms open (deps.info, the way every message goes) show it as text
  const PWN_TITLE = 'E\u001b]0;PWN\u0007\u001b[31mX';
  it.each([
    ['analytics', (id: string) => ['analytics', id]],
    ['forms open', (id: string) => ['forms', 'open', id]],
  ])('%s shows a title escaped on a terminal, its message included', async (_name, args) => {
    const id = (await sb.api('POST', '/forms', { body: { title: PWN_TITLE, shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data.qrId;
    const r = await sb.run(args(id), { tty: true, columns: 120 });
    expect(r.exitCode).toBe(0);
    const shown = r.stdout + r.stderr;
    expect(shown).toContain('E\\x1b]0;PWN\\x07\\x1b[31mX');
    expect(shown).not.toContain('\u001b]0;PWN');
    expect(shown).not.toContain('\u001b[31mX');
  });

  it('deps.info and deps.warn escape whatever they are given', async () => {
    const { testDeps } = await import('../../src/cmdutil/testing.js');
    const t = testDeps({ tty: true });
    t.deps.info(`title ${TITLE}`);
    t.deps.warn(`label ${OSC52}`);
    expect(t.stderr()).not.toMatch(dangerous);
    expect(t.stderr()).toContain('title \\x1b]0;pwned\\x07');
    expect(t.stderr()).toContain('label \\x1b]52;c;');
  });

  it('JSON keeps the data exact (escaped by JSON itself)', async () => {
    const r = await sb.run(['submissions', 'get', sid, '--json'], { tty: true });
    expect(JSON.stringify(JSON.parse(r.stdout))).toContain('\\u001b]52;c;');
  });
});
