// The CSV writer as Excel reads it in each language: the byte order mark, the separator, numbers in the
// language's notation, RFC 4180 quoting, CRLF lines, and formulas kept as text.
import { describe, expect, it } from 'vitest';
import { csvFile, listSeparator } from './csvFile.ts';

const BOM = '\uFEFF';

describe('csvFile', () => {
  it('starts with a byte order mark and ends every line with CRLF', () => {
    const text = csvFile('en', ['Name', 'Votes'], [['Désirée', 2]]);
    expect(text).toBe(`${BOM}Name,Votes\r\nDésirée,2\r\n`);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("separates with the language's list separator and writes numbers in its notation", () => {
    expect(listSeparator('fr')).toBe(';');
    expect(listSeparator('de')).toBe(';');
    expect(listSeparator('en')).toBe(',');
    const row: (string | number | null)[] = ['Dose', 33.3, 12345, null];
    expect(csvFile('fr', ['a', 'b', 'c', 'd'], [row])).toBe(`${BOM}a;b;c;d\r\nDose;33,3;12345;\r\n`);
    expect(csvFile('de', ['a', 'b', 'c', 'd'], [row])).toBe(`${BOM}a;b;c;d\r\nDose;33,3;12345;\r\n`);
    expect(csvFile('en', ['a', 'b', 'c', 'd'], [row])).toBe(`${BOM}a,b,c,d\r\nDose,33.3,12345,\r\n`);
  });

  it('quotes a field holding the separator, a quote or a line break, doubling its quotes', () => {
    const cells = ['Paris, room 2', 'say "hi"', 'one\ntwo', 'a;b'];
    expect(csvFile('en', ['w', 'x', 'y', 'z'], [cells])).toBe(
      `${BOM}w,x,y,z\r\n"Paris, room 2","say ""hi""","one\ntwo",a;b\r\n`,
    );
    expect(csvFile('fr', ['w', 'x', 'y', 'z'], [cells])).toBe(
      `${BOM}w;x;y;z\r\nParis, room 2;"say ""hi""";"one\ntwo";"a;b"\r\n`,
    );
  });

  it('writes a text that a spreadsheet would run as a formula as text', () => {
    const text = csvFile('en', ['name'], [['=HYPERLINK("http://x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['Ann']]);
    expect(text.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://x"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      'Ann',
    ]);
    // A number is a number, negative or not.
    expect(csvFile('en', ['n'], [[-2]])).toBe(`${BOM}n\r\n-2\r\n`);
  });
});
