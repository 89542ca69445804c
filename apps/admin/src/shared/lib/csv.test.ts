import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes cells with commas, quotes, line breaks and edge spaces; leaves plain ones', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it.each(['=', '+', '-', '@', '\t', '\r', '\n'])('defuses a cell starting with %j', (start) => {
    const cell = csvCell(`${start}cmd|' /C calc'!A0`);
    // The leading quote first, inside the RFC 4180 quotes when the cell needs them.
    expect(cell.replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
  });

  it('defuses formulas: a cell starting with = + - @ (or tab, CR, LF) gets a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\ncmd')).toBe('"\'\ncmd"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('joins a header and rows with CRLF', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'x'],
          [2, '=1+1'],
        ],
      ),
    ).toBe("id,name\r\n1,x\r\n2,'=1+1\r\n");
  });
});
