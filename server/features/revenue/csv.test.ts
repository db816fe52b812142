import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits records and fields, keeping the line each record starts on', () => {
    expect(parseCsv('date,amount\n2025-01-01,5\r\n2025-01-02,6')).toEqual([
      { line: 1, cells: ['date', 'amount'] },
      { line: 2, cells: ['2025-01-01', '5'] },
      { line: 3, cells: ['2025-01-02', '6'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const records = parseCsv('\uFEFFa,b\n"Course, module 1","She said ""hi""\nthen left"\nlast,row');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['Course, module 1', 'She said "hi"\nthen left'] },
      { line: 4, cells: ['last', 'row'] },
    ]);
  });

  it('keeps empty fields and ignores a final line break', () => {
    expect(parseCsv('a,,c\n\n')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 2, cells: [''] },
    ]);
  });

  it('reads mixed line ends and keeps a quote inside an unquoted field as written', () => {
    expect(parseCsv('a,b\r\n"1,000",x"y\n2,z\r3,w')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1,000', 'x"y'] },
      { line: 3, cells: ['2', 'z'] },
      { line: 4, cells: ['3', 'w'] },
    ]);
  });

  it('reports an unclosed quote with its line', () => {
    expect(() => parseCsv('a\n"never closed\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"never closed\n')).toThrow(/line 2/);
  });
});
