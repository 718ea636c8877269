import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/csv-parse.ts';
import { csvCell, csvRow } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['Arsenal', 'Arsenal'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['-12.50', '-12.50'],
    ['2.100', '2.100'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['one\rtwo', '"one\rtwo"'],
    ['one\ntwo', '"one\ntwo"'],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['', ''],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps every row one row of its cells, and no cell starts a formula unless it is a plain number', () => {
    const tricky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', '1', '.', ' ');
    const value = fc.oneof(
      fc.string(),
      fc.array(tricky, { maxLength: 12 }).map((cs) => cs.join('')),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (values) => {
        const [row] = parseCsv(`${csvRow(values)}\n`);
        expect(row).toHaveLength(values.length);
        row!.forEach((cell, i) => {
          const original = values[i]!;
          expect(cell === original || cell === `'${original}`).toBe(true);
          if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        });
      }),
      { seed: 16, numRuns: 2000 },
    );
  });
});
