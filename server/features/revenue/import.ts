import {
  descriptionSchema,
  entryDateSchema,
  futureDateProblem,
  POUNDS,
  parseAmount,
  type RevenueSource,
} from '@common/revenue';
import {
  IMPORT_MAX_ROWS,
  type ImportColumnChoice,
  type ImportSourceName,
  type RevenueImportResult,
  type RevenueImportRow,
} from '@common/revenue-import';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { CsvSyntaxError, parseCsv } from './csv';
import { readerFor } from './import-formats';
import type { ImportedRow } from './import-formats-row';
import { findCreatorPlatforms } from './import-platforms';
import { type CreatorPlatforms, nameKey, recogniseSourceName } from './source-names';
import { findSourceNames, saveSourceNames } from './source-names-store';
import { countEntriesByKey, entryKey, insertRevenueEntries, type NewRevenueEntry } from './store';
import { checkCurrencyKnown, valueImportedRows } from './valuing';

export type ImportRequest = {
  csv: string;
  dryRun: boolean;
  /** Names as written in the file → the source the creator says each is. */
  sourceNames: Record<string, RevenueSource>;
  includeRepeats: boolean;
  columns?: ImportColumnChoice;
  /** The currency of the rows whose currency the file does not say; pounds when unanswered. */
  currency?: string;
};

/** Spreadsheets write UK dates as DD/MM/YYYY; ISO dates pass through. */
function toIsoDate(text: string): string {
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!uk) return text.trim();
  const [, day = '', month = '', year = ''] = uk;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "£1,234.50" as a spreadsheet shows it → "1234.50"; the amount rules then apply as for the form. */
function toAmountText(text: string): string {
  const trimmed = text.trim().replace(/^(?:£|\$|€|US\$)\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
}

type NameResolution = ImportSourceName & { key: string };

function checkRow(
  line: number,
  imported: ImportedRow,
  names: Map<string, NameResolution>,
  today: string,
): RevenueImportRow {
  const { values } = imported;
  const base = { line, values, isAlreadyRecorded: false, isRepeatInFile: false, repeatOfLine: null };
  if (imported.notIncome) {
    return { ...base, isAccepted: false, entry: null, problems: [], notIncome: imported.notIncome };
  }
  const problems: string[] = [];

  const date = entryDateSchema.safeParse(toIsoDate(imported.date));
  if (!values.date.trim()) problems.push('date: missing.');
  else if (!date.success) problems.push(`date: ${date.error.issues[0]?.message} DD/MM/YYYY works too.`);
  const future = date.success ? futureDateProblem(date.data, today) : null;
  if (future) problems.push(`date: ${future}`);

  const name = names.get(nameKey(values.source));
  const source = name?.source ?? null;
  if (!values.source.trim()) problems.push('source: missing.');
  else if (!source)
    problems.push(`source: "${values.source.trim()}" is new to us: choose which source it is.`);

  // An amount in another currency is checked the same way, then valued in pounds (valueImportedRows).
  const amount = parseAmount(toAmountText(imported.amount));
  if (!values.amount.trim()) problems.push('amount: missing.');
  else if ('problem' in amount) problems.push(`amount: ${amount.problem}`);

  const description = descriptionSchema.safeParse(values.description);
  if (!description.success) problems.push(`description: ${description.error.issues[0]?.message}`);

  const isAccepted =
    problems.length === 0 && date.success && source !== null && 'amount' in amount && description.success;
  return {
    ...base,
    isAccepted: Boolean(isAccepted),
    entry: isAccepted
      ? { date: date.data, source, amount: amount.amount, description: description.data }
      : null,
    problems,
    notIncome: null,
  };
}

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

/** Marks each accepted row that repeats an earlier row of the file exactly. */
function markRepeats(rows: RevenueImportRow[]) {
  const first = new Map<string, number>();
  for (const row of rows) {
    if (!row.entry) continue;
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
    const key = entryKey(row.entry!);
    const left = existing.get(key) ?? 0;
    if (left > 0) {
      row.isAlreadyRecorded = true;
      existing.set(key, left - 1);
    }
  }
}

const toPence = (amount: string) => Math.round(Number(amount.replace('.', '')));
const fromPence = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

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
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(request.csv).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
  const reader = readerFor(headerRecord.cells, request.columns);
  if (dataRecords.length === 0)
    throw new AppError('VALIDATION_ERROR', 'The file has no entries under its header.');
  if (dataRecords.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The file has ${dataRecords.length.toLocaleString('en-GB')} entries; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} at a time.`,
    );
  }
  const imported = dataRecords.map((record) => ({ line: record.line, imported: reader.read(record.cells) }));
  const platforms = await findCreatorPlatforms(db, userId, today);
  const names = await resolveNames(db, userId, imported, request.sourceNames, platforms);
  const rows = imported.map((item) => checkRow(item.line, item.imported, names, today));
  const unstated = imported.filter((item) => !item.imported.isCurrencyStated && !item.imported.notIncome);
  const unstatedCurrency = request.currency ?? POUNDS;
  if (unstated.length > 0) await checkCurrencyKnown(db, unstatedCurrency);
  const answered = unstatedCurrency === POUNDS ? null : unstatedCurrency;
  await valueImportedRows(
    db,
    rows,
    imported.map((item) => item.imported.otherCurrency ?? (item.imported.isCurrencyStated ? null : answered)),
  );
  markRepeats(rows);
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
    acceptedAmount: fromPence(toSave.reduce((sum, entry) => sum + toPence(entry.amount), 0)),
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
 * A dry run answers the preview. A real import saves every new row in one transaction (rows already
 * recorded, and repeats unless asked for, are left out and counted) and remembers the names the creator
 * answered; when any row is refused it saves nothing and says which lines to fix.
 */
export async function importRevenue(
  db: Db,
  userId: string,
  request: ImportRequest,
  today: string,
): Promise<RevenueImportResult> {
  if (request.dryRun) {
    const { toSave: _, chosenNames: __, ...preview } = await previewRevenueImport(db, userId, request, today);
    return { ...preview, dryRun: true, importedCount: 0 };
  }
  return db.transaction(async (tx) => {
    // One import at a time per creator, so two at once cannot both find a row new and save it twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`revenue-import:${userId}`}, 0))`);
    const { toSave, chosenNames, ...preview } = await previewRevenueImport(tx, userId, request, today);
    const refused = preview.rows.filter((row) => row.problems.length > 0);
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
    const saved = await insertRevenueEntries(tx, userId, toSave);
    await saveSourceNames(tx, userId, chosenNames);
    // The rows were just shown in the preview; the answer to the real import only counts them.
    return { ...preview, rows: [], dryRun: false, importedCount: saved.length };
  });
}
