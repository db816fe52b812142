import {
  descriptionSchema,
  entryDateSchema,
  futureDateProblem,
  parseAmount,
  REVENUE_SOURCES,
  type RevenueSource,
  SOURCE_LABELS,
} from '@common/revenue';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type RevenueImportResult,
  type RevenueImportRow,
} from '@common/revenue-import';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { CsvSyntaxError, parseCsv } from './csv';
import { countEntriesByKey, entryKey, insertRevenueEntries, type NewRevenueEntry } from './store';

type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: Column[] = ['date', 'source', 'amount'];

/** Spreadsheets write UK dates as DD/MM/YYYY; ISO dates pass through. */
function toIsoDate(text: string): string {
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!uk) return text.trim();
  const [, day = '', month = '', year = ''] = uk;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "YouTube Ads", "youtube ads" and "youtube_ads" all name the same source. */
function toSource(text: string): RevenueSource | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return REVENUE_SOURCES.find((source) => source === key);
}

const SOURCE_CHOICES = REVENUE_SOURCES.map((source) => SOURCE_LABELS[source]).join(', ');

/** "£1,234.50" as a spreadsheet shows it → "1234.50"; the amount rules then apply as for the form. */
function toAmountText(text: string): string {
  const trimmed = text.trim().replace(/^£\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
}

function readHeader(cells: string[]): Map<Column, number> {
  const positions = new Map<Column, number>();
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase() as Column;
    if (IMPORT_COLUMNS.includes(name) && !positions.has(name)) positions.set(name, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The first line must name the columns ${IMPORT_COLUMNS.join(', ')} (description is optional). Missing: ${missing.join(', ')}.`,
    );
  }
  return positions;
}

function checkRow(
  line: number,
  cells: string[],
  header: Map<Column, number>,
  today: string,
): RevenueImportRow {
  const cell = (column: Column) => {
    const position = header.get(column);
    return position === undefined ? '' : (cells[position] ?? '');
  };
  const values = {
    date: cell('date'),
    source: cell('source'),
    amount: cell('amount'),
    description: cell('description'),
  };
  const problems: string[] = [];

  const date = entryDateSchema.safeParse(toIsoDate(values.date));
  if (!values.date.trim()) problems.push('date: missing.');
  else if (!date.success) problems.push(`date: ${date.error.issues[0]?.message} DD/MM/YYYY works too.`);
  const future = date.success ? futureDateProblem(date.data, today) : null;
  if (future) problems.push(`date: ${future}`);

  const source = toSource(values.source);
  if (!values.source.trim()) problems.push('source: missing.');
  else if (!source) problems.push(`source: "${values.source.trim()}" is not one of ${SOURCE_CHOICES}.`);

  const amount = parseAmount(toAmountText(values.amount));
  if (!values.amount.trim()) problems.push('amount: missing.');
  else if ('problem' in amount) problems.push(`amount: ${amount.problem}`);

  const description = descriptionSchema.safeParse(values.description);
  if (!description.success) problems.push(`description: ${description.error.issues[0]?.message}`);

  const isAccepted =
    problems.length === 0 && date.success && source && 'amount' in amount && description.success;
  return {
    line,
    values,
    isAccepted: Boolean(isAccepted),
    isAlreadyRecorded: false,
    entry: isAccepted
      ? { date: date.data, source, amount: amount.amount, description: description.data }
      : null,
    problems,
  };
}

const toPence = (amount: string) => Math.round(Number(amount.replace('.', '')));
const fromPence = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/**
 * Marks accepted rows the creator already has, as many times as they have them: importing the same
 * file twice adds nothing, while a file with two identical payments on one day keeps both.
 */
async function markAlreadyRecorded(db: DbOrTx, userId: string, rows: RevenueImportRow[]) {
  const accepted = rows.filter((row) => row.isAccepted);
  if (accepted.length === 0) return;
  const dates = accepted.map((row) => row.entry!.date).sort();
  const existing = await countEntriesByKey(db, userId, { from: dates[0]!, to: dates.at(-1)! });
  for (const row of accepted) {
    const key = entryKey(row.entry!);
    const left = existing.get(key) ?? 0;
    if (left > 0) {
      row.isAlreadyRecorded = true;
      existing.set(key, left - 1);
    }
  }
}

/** Reads and checks every row against the creator's entries; nothing is saved. */
export async function previewRevenueImport(
  db: DbOrTx,
  userId: string,
  csv: string,
  today: string,
): Promise<Omit<RevenueImportResult, 'dryRun' | 'importedCount'>> {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(csv).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
  const header = readHeader(headerRecord.cells);
  if (dataRecords.length === 0)
    throw new AppError('VALIDATION_ERROR', 'The file has no entries under its header.');
  if (dataRecords.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The file has ${dataRecords.length.toLocaleString('en-GB')} entries; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} at a time.`,
    );
  }
  const rows = dataRecords.map((record) => checkRow(record.line, record.cells, header, today));
  await markAlreadyRecorded(db, userId, rows);
  const accepted = rows.filter((row) => row.isAccepted);
  const toSave = accepted.filter((row) => !row.isAlreadyRecorded);
  const pence = toSave.reduce((sum, row) => sum + toPence(row.entry!.amount), 0);
  return {
    acceptedCount: accepted.length,
    refusedCount: rows.length - accepted.length,
    skippedCount: accepted.length - toSave.length,
    acceptedAmount: fromPence(pence),
    rows,
  };
}

/**
 * A dry run answers the preview. A real import saves every new row in one transaction (rows already
 * recorded are skipped and counted), or, when any row is refused, saves nothing and says which lines
 * to fix. `today` is the London date the caller decided on.
 */
export async function importRevenue(
  db: Db,
  userId: string,
  request: { csv: string; dryRun: boolean },
  today: string,
): Promise<RevenueImportResult> {
  if (request.dryRun) {
    return {
      ...(await previewRevenueImport(db, userId, request.csv, today)),
      dryRun: true,
      importedCount: 0,
    };
  }
  return db.transaction(async (tx) => {
    // One import at a time per creator, so two at once cannot both find a row new and save it twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`revenue-import:${userId}`}, 0))`);
    const preview = await previewRevenueImport(tx, userId, request.csv, today);
    const refused = preview.rows.filter((row) => !row.isAccepted);
    if (refused.length > 0) {
      const fields = Object.fromEntries(
        refused.slice(0, 50).map((row) => [`line ${row.line}`, row.problems.join(' ')]),
      );
      const first = refused[0]!;
      throw new AppError(
        'VALIDATION_ERROR',
        `Nothing was imported: ${refused.length} of ${preview.rows.length} rows have problems (line ${first.line}: ${first.problems.join(' ')}).`,
        fields,
      );
    }
    const entries: NewRevenueEntry[] = preview.rows
      .filter((row) => !row.isAlreadyRecorded)
      .map((row) => row.entry!);
    const saved = await insertRevenueEntries(tx, userId, entries);
    // The rows were just shown in the preview; the answer to the real import only counts them.
    return { ...preview, rows: [], dryRun: false, importedCount: saved.length };
  });
}
