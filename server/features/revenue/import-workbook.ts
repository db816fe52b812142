import { AppError } from '../../errors';
import type { CsvRecord } from './csv';

/**
 * An Excel workbook (.xlsx) read as its first sheet, a line per row as a CSV of it would have: the
 * figures as numbers write them ("3.037"), dates as ISO dates, a formula's result, a link's text.
 * exceljs is loaded only when a workbook arrives.
 */

type CellValue = unknown;

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      result?: CellValue;
      formula?: string;
      sharedFormula?: string;
      text?: CellValue;
      error?: string;
    };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell || cell.formula || cell.sharedFormula) return cellText(cell.result);
    if ('text' in cell) return cellText(cell.text);
    if (cell.error) return cell.error;
  }
  return '';
}

const UNREADABLE =
  'The Excel file could not be read: it may be damaged, protected by a password, or not an .xlsx workbook. Export it as CSV and import that instead.';

export async function readWorkbookRows(base64: string): Promise<CsvRecord[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw new AppError('VALIDATION_ERROR', UNREADABLE);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VALIDATION_ERROR', 'The Excel file has no sheets.');
  const records: CsvRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1)
      cells.push(cellText(row.getCell(column).value));
    records.push({ line: rowNumber, cells });
  });
  return records;
}
