import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from '../../../src/domain/csvFormula.js';
import { csvDelimiter } from '../../../src/commands/submissions/importRead.js';

describe('restoreFormula (CSV read back by import)', () => {
  it('undoes neutraliseFormula for every text, and leaves a quote the guard did not add', () => {
    const texts = ['=1+1', '+SUM(A1)', '-Evil', '@cmd', '\tx', '\rx', '-3', '+1.5e3', 'plain', '', "'", "'tis", "'-3", "'plain", "''=x", '=', 'é='];
    for (const t of texts) expect(restoreFormula(neutraliseFormula(t)), JSON.stringify(t)).toBe(t);
    expect(restoreFormula("'tis")).toBe("'tis");
    expect(restoreFormula("'-3")).toBe("'-3");
    expect(restoreFormula("'=x")).toBe('=x');
    // the one text that cannot come back: an answer that itself begins with ' and a trigger
    expect(restoreFormula(neutraliseFormula("'=x"))).toBe('=x');
  });
});

describe('csvDelimiter', () => {
  it.each([
    ['Name,Mail\na;b,c\n', ','],
    ['Name;Mail;Note\r\nA;b@c;"x, y"\r\n', ';'],
    ['"Last, First";Mail\n', ';'],
    ['Name\tMail\tNote\n', '\t'],
    ['Name\n', ','],
  ])('%j → %j', (text, d) => expect(csvDelimiter(text)).toBe(d));
});

describe('utf8Text (import files)', () => {
  it('drops a byte-order mark (PowerShell and Excel write one), refuses bytes that are not UTF-8, naming the line', async () => {
    const { utf8Text } = await import('../../../src/commands/submissions/importRead.js');
    expect(utf8Text(Buffer.from('\uFEFF[{"Mail":"a@b.co"}]'), 'x.json')).toBe('[{"Mail":"a@b.co"}]');
    expect(utf8Text(Buffer.from('Name\nJosé\n'), 'x.csv')).toBe('Name\nJosé\n');
    expect(() => utf8Text(Buffer.concat([Buffer.from('a\nb\nJos'), Buffer.from([0xe9, 0x0a])]), 'x.csv')).toThrow(/^x\.csv: line 3 is not UTF-8/);
  });
});
