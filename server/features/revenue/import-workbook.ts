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

/**
 * A workbook's parts unzipped are at most this big: a 4-million-character CSV, the largest import, is
 * about 40 MB as a sheet's XML. Past it the file is refused before anything is inflated, so a small zip
 * that unpacks to gigabytes (a "zip bomb") costs nothing.
 */
export const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/**
 * The bytes the zip's entries take unzipped, as its central directory states them (PKWARE's
 * APPNOTE.TXT, 4.3.12 and 4.3.16), or null when the directory cannot be read (not a zip, or ZIP64,
 * which no workbook within the limit needs).
 */
export function unzippedBytes(zip: Buffer): number | null {
  const searchFrom = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let at = zip.length - 22; at >= searchFrom; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

export async function readWorkbookRows(base64: string): Promise<CsvRecord[]> {
  const zip = Buffer.from(base64, 'base64');
  const size = zip.length >= 22 ? unzippedBytes(zip) : null;
  if (size === null) throw new AppError('VALIDATION_ERROR', UNREADABLE);
  if (size > MAX_UNZIPPED_BYTES) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The Excel file is too large once opened (over ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB): export its first sheet as CSV and import that instead.`,
    );
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(zip as unknown as ArrayBuffer);
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
