import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from '../../../src/domain/csvFormula.js';
import { csvDelimiter } from '../../../src/commands/submissions/import.js';

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
