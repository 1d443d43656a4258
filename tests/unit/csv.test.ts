// CSV cells: quoting, and formulas kept as text.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../server/platform/resources/csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a cell a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+62')).toBe("'+62");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});
