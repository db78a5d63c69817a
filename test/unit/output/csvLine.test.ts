import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvCells, csvLine } from '../../../src/output/csvCell.js';

// export writes its CSV lines itself: byte for byte what csv-stringify wrote before
describe('csvLine', () => {
  const awkward = ['', 'plain', 'a,b', 'say "hi"', '"', 'line\nbreak', 'cr\rhere', 'crlf\r\n', ' padded ', "'quoted'", '=1+2', '-3', '+1.5e3', '@x', '\ttab', '\rcr', 'é 漢字 😀', '\u2028', ';', 'a""b', '-'];

  it('writes every cell as csv-stringify does, neutralised or raw', () => {
    for (const raw of [false, true]) {
      for (const cell of awkward) expect(csvLine([cell], raw)).toBe(stringify([csvCells([cell], raw)]));
      expect(csvLine(awkward, raw)).toBe(stringify([csvCells(awkward, raw)]));
    }
  });

  it('writes an empty row as an empty line', () => {
    expect(csvLine([], false)).toBe('\n');
    expect(csvLine(['', ''], false)).toBe(',\n');
  });
});
