import { londonDate } from '@common/calendar';
import { POUNDS, type RevenueSource } from '@common/revenue';
import {
  IMPORT_MAX_ROWS,
  type ImportColumnChoice,
  type ImportFormat,
  type ImportSourceName,
  type RevenueImportResult,
  type RevenueImportRow,
} from '@common/revenue-import';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { fromPence, toPence } from './import-cells';
import { readImportFile } from './import-file';
import type { ImportedRow } from './import-formats-row';
import { findCreatorPlatforms } from './import-platforms';
import { roundingNotes } from './import-rounding';
import { amountLeftOut, checkRow, type NameResolution } from './import-rows';
import { type CreatorPlatforms, nameKey, recogniseSourceName } from './source-names';
import { findSourceNames, saveSourceNames } from './source-names-store';
import { countEntriesByKey, entryKey, insertRevenueEntries, type NewRevenueEntry } from './store';
import { checkCurrencyKnown, valueImportedRows } from './valuing';

export type ImportRequest = {
  csv?: string | undefined;
  /** An Excel workbook (.xlsx) as base64, read as its first sheet. */
  workbook?: string | undefined;
  dryRun: boolean;
  /** Names as written in the file → the source the creator says each is. */
  sourceNames: Record<string, RevenueSource>;
  includeRepeats: boolean;
  columns?: ImportColumnChoice;
  /** The currency of the rows whose currency the file does not say; pounds when unanswered. */
  currency?: string;
};

/**
 * What each distinct name in the file is: the creator's answer in this request, else what they told an
 * earlier import, else what the name plainly says, else unknown (asked).
 */
async function resolveNames(
  db: DbOrTx,
  userId: string,
  rows: { line: number; imported: ImportedRow }[],
  answers: Record<string, RevenueSource>,
  platforms: CreatorPlatforms,
): Promise<Map<string, NameResolution>> {
  const chosen = new Map(Object.entries(answers).map(([name, source]) => [nameKey(name), source]));
  const counted = new Map<string, { name: string; rowCount: number }>();
  for (const { imported } of rows) {
    const key = nameKey(imported.values.source);
    if (!key || imported.notIncome) continue;
    const seen = counted.get(key);
    if (seen) seen.rowCount += 1;
    else counted.set(key, { name: imported.values.source.trim(), rowCount: 1 });
  }
  const remembered = await findSourceNames(db, userId, [...counted.keys()]);
  const names = new Map<string, NameResolution>();
  for (const [key, { name, rowCount }] of counted) {
    const reading = recogniseSourceName(name, platforms);
    const [source, resolution]: [RevenueSource | null, ImportSourceName['resolution']] = chosen.has(key)
      ? [chosen.get(key)!, 'chosen']
      : remembered.has(key)
        ? [remembered.get(key)!, 'remembered']
        : reading.source
          ? [reading.source, 'recognised']
          : [null, 'unknown'];
    names.set(key, {
      key,
      name,
      rowCount,
      source,
      resolution,
      suggestion: source ? null : reading.suggestion,
    });
  }
  return names;
}

/**
 * Marks each accepted row that repeats an earlier row of the file: the same transaction id, or, in a
 * creator's own sheet, the same date, source, amount and description. A service's export lists each
 * payment once, so two of its lines without ids (two sales of one item on one day) are two payments.
 */
function markRepeats(rows: RevenueImportRow[], isServiceExport: boolean) {
  const first = new Map<string, number>();
  for (const row of rows) {
    if (!row.entry || (isServiceExport && !row.entry.transactionId)) continue;
    const key = entryKey(row.entry);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.line);
    else Object.assign(row, { isRepeatInFile: true, repeatOfLine: earlier });
  }
}

/**
 * Marks rows the creator already has, as many times as they have them: importing the same file twice
 * adds nothing, while two identical payments kept on purpose are both matched.
 */
async function markAlreadyRecorded(db: DbOrTx, userId: string, rows: RevenueImportRow[]) {
  if (rows.length === 0) return;
  const dates = rows.map((row) => row.entry!.date).sort();
  const existing = await countEntriesByKey(db, userId, { from: dates[0]!, to: dates.at(-1)! });
  for (const row of rows) {
    // An entry imported before transaction ids were kept matches by its date, source, amount and description.
    const keys = [
      entryKey(row.entry!),
      ...(row.entry!.transactionId ? [entryKey({ ...row.entry!, transactionId: null })] : []),
    ];
    const key = keys.find((candidate) => (existing.get(candidate) ?? 0) > 0);
    if (key) {
      row.isAlreadyRecorded = true;
      existing.set(key, existing.get(key)! - 1);
    }
  }
}

/** A creator's own sheets; every other reader is a service's export, a new one included. */
const CREATOR_SHEETS = new Set<ImportFormat>(['ballast', 'columns']);
const TOTALS_LINE = /^(grand )?totals?:?$/i;

type Preview = Omit<RevenueImportResult, 'dryRun' | 'importedCount'> & {
  toSave: NewRevenueEntry[];
  chosenNames: Map<string, RevenueSource>;
};

/** Reads and checks every row against the creator's entries and names; nothing is saved. */
export async function previewRevenueImport(
  db: DbOrTx,
  userId: string,
  request: Omit<ImportRequest, 'dryRun'>,
  today: string,
): Promise<Preview> {
  const file = await readImportFile(request, request.columns);
  const { reader } = file;
  if (file.rows.length === 0)
    throw new AppError('VALIDATION_ERROR', 'The file has no entries under its header.');
  if (file.rows.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The file has ${file.rows.length.toLocaleString('en-GB')} entries; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} at a time.`,
    );
  }
  const isServiceExport = !CREATOR_SHEETS.has(reader.format);
  const totalsLine = isServiceExport ? 'The export’s totals line.' : 'The file’s totals line.';
  // Lines that moved no money are known before names are counted, so none is asked about for them.
  const imported = file.rows.map((record) => {
    const read = reader.read(record.cells);
    // A totals or summary line under the entries, whatever the export calls its columns.
    const firstCell = record.cells.find((cell) => cell.trim() !== '')?.trim() ?? '';
    const notIncome =
      read.notIncome ?? (TOTALS_LINE.test(firstCell) ? totalsLine : amountLeftOut(read, isServiceExport));
    return { line: record.line, imported: { ...read, notIncome } };
  });
  const platforms = await findCreatorPlatforms(db, userId, today);
  const names = await resolveNames(db, userId, imported, request.sourceNames, platforms);
  const unstatedCurrency = request.currency ?? POUNDS;
  const answered = unstatedCurrency === POUNDS ? null : unstatedCurrency;
  const currencies = imported.map(
    (item) => item.imported.otherCurrency ?? (item.imported.isCurrencyStated ? null : answered),
  );
  const rows = imported.map((item, index) =>
    checkRow(item.line, item.imported, names, today, {
      isServiceExport,
      currency: currencies[index] ?? POUNDS,
      format: reader.format,
    }),
  );
  const unstated = imported.filter(
    (item, index) => !item.imported.isCurrencyStated && !rows[index]!.notIncome,
  );
  if (unstated.length > 0) await checkCurrencyKnown(db, unstatedCurrency);
  await valueImportedRows(db, rows, currencies);
  markRepeats(rows, isServiceExport);
  const accepted = rows.filter((row) => row.isAccepted);
  const wanted = accepted.filter((row) => request.includeRepeats || !row.isRepeatInFile);
  await markAlreadyRecorded(db, userId, wanted);
  const toSave = wanted.filter((row) => !row.isAlreadyRecorded).map((row) => row.entry!);
  const notIncomeCount = rows.filter((row) => row.notIncome).length;
  return {
    format: reader.format,
    names: [...names.values()].map(({ key: _, ...name }) => name),
    acceptedCount: accepted.length,
    refusedCount: rows.length - accepted.length - notIncomeCount,
    skippedCount: wanted.filter((row) => row.isAlreadyRecorded).length,
    repeatCount: accepted.filter((row) => row.isRepeatInFile).length,
    notIncomeCount,
    acceptedAmount: fromPence(toSave.reduce((sum, entry) => sum + (toPence(entry.amount) ?? 0), 0)),
    rounding: roundingNotes(wanted.filter((row) => !row.isAlreadyRecorded)),
    preamble: file.preamble,
    unstatedCurrencyCount: unstated.length,
    unstatedCurrency,
    rows,
    toSave,
    chosenNames: new Map(
      [...names.values()]
        .filter((name) => name.resolution === 'chosen')
        .map((name) => [name.key, name.source!]),
    ),
  };
}

/**
 * A dry run answers the preview. A real import saves every accepted new row in one transaction (rows
 * already recorded, repeats unless asked for, and refused rows are left out and counted) and remembers
 * the names the creator answered. One bad row never keeps the rest out; a file whose every row is
 * refused saves nothing and says which lines to fix.
 */
export async function importRevenue(
  db: Db,
  userId: string,
  request: ImportRequest,
  now: Date,
): Promise<RevenueImportResult> {
  const today = londonDate(now);
  if (request.dryRun) {
    const { toSave: _, chosenNames: __, ...preview } = await previewRevenueImport(db, userId, request, today);
    return { ...preview, dryRun: true, importedCount: 0 };
  }
  return db.transaction(async (tx) => {
    // One import at a time per creator, so two at once cannot both find a row new and save it twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`revenue-import:${userId}`}, 0))`);
    const { toSave, chosenNames, ...preview } = await previewRevenueImport(tx, userId, request, today);
    const refused = preview.rows.filter((row) => row.problems.length > 0);
    if (refused.length > 0 && preview.acceptedCount === 0) {
      const fields = Object.fromEntries(
        refused.slice(0, 50).map((row) => [`line ${row.line}`, row.problems.join(' ')]),
      );
      const first = refused[0]!;
      throw new AppError(
        'VALIDATION_ERROR',
        `Nothing was imported: ${refused.length === preview.rows.length ? 'every row has' : `${refused.length} of ${preview.rows.length} rows have`} problems (line ${first.line}: ${first.problems.join(' ')}).`,
        fields,
      );
    }
    const saved = await insertRevenueEntries(tx, userId, toSave, now);
    await saveSourceNames(tx, userId, chosenNames);
    // The rows were just shown in the preview; the answer to the real import only counts them.
    return { ...preview, rows: [], dryRun: false, importedCount: saved.length };
  });
}
