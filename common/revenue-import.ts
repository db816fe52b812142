import { z } from 'zod';
import {
  currencyCodeSchema,
  feesSchema,
  paidSchema,
  revenueSourceSchema,
  sourceInputSchema,
} from './revenue';

/**
 * POST /api/revenue/import. The browser reads the CSV file and sends its text as JSON; `dryRun`
 * answers the preview without saving. A real import saves every accepted row; refused rows are left
 * out and counted. See docs/decisions (027, 044, 047, 059).
 */
export const IMPORT_MAX_ROWS = 5000;
/** 5,000 rows with long descriptions and quoting fit comfortably. */
export const IMPORT_MAX_CHARACTERS = 4_000_000;
export const IMPORT_COLUMNS = ['date', 'source', 'amount', 'description'] as const;

/** An Excel workbook (.xlsx) is read as its first sheet, sent as base64: 3 MB of workbook. */
export const IMPORT_MAX_WORKBOOK_CHARACTERS = 4_000_000;

/** Workbooks read as their first sheet. */
export const WORKBOOK_FILE_NAME = /\.(xlsx|xlsm)$/i;

/** Other spreadsheets' own files, refused before they are read. */
export const OTHER_SPREADSHEET_FILE_NAME = /\.(xls|ods|numbers)$/i;

/** What to do with a spreadsheet file that is not read (decision 059). */
export const SPREADSHEET_FILE_MESSAGE =
  'This is a spreadsheet file we cannot read as it is (an older Excel .xls, an OpenDocument or a Numbers file, or a workbook sent as text): open it in Excel, Numbers or Google Sheets and export it as CSV (File → Save as or Download → Comma-separated values), or save it as an Excel workbook (.xlsx), then import that.';

export const SOURCE_NAME_MAX_LENGTH = 200;

const columnName = z
  .string()
  .trim()
  .min(1, 'Choose a column.')
  .max(SOURCE_NAME_MAX_LENGTH, 'That name is too long.');

/**
 * Which of the file's columns (named as its first line names them) hold the date, the amount and the
 * source's name, when the creator matches them by hand. Without a source column, the description's cell
 * is the name.
 */
export const importColumnChoiceSchema = z
  .object({
    date: columnName,
    amount: columnName,
    source: columnName.optional(),
    description: columnName.optional(),
  })
  .refine((choice) => choice.source || choice.description, {
    message: 'Choose the column that says where the money came from (a source or a description).',
    path: ['source'],
  });

export type ImportColumnChoice = z.infer<typeof importColumnChoiceSchema>;

const FILE_MESSAGE = 'Send the CSV file as text in "csv", or an Excel workbook as base64 in "workbook".';

export const revenueImportRequestSchema = z
  .object({
    csv: z
      .string({ message: 'Send the CSV file as text in "csv".' })
      .max(IMPORT_MAX_CHARACTERS, 'The file is too large: import at most 5,000 rows at a time.')
      .optional(),
    /** An Excel workbook (.xlsx), base64: its first sheet is read as the CSV would be. */
    workbook: z
      .string({ message: FILE_MESSAGE })
      .max(
        IMPORT_MAX_WORKBOOK_CHARACTERS,
        'The workbook is too large: import at most 3 MB, or 5,000 rows, at a time.',
      )
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The workbook must be sent as base64.')
      .optional(),
    dryRun: z.boolean({ message: 'dryRun must be true or false.' }).default(false),
    /**
     * The creator's answers: which source each of their own names is ("Ko-fi tips" → tips), as the
     * names are written in the file. Remembered for their next import when the import is made.
     */
    sourceNames: z
      .record(
        z
          .string()
          .trim()
          .min(1, 'A name cannot be blank.')
          .max(SOURCE_NAME_MAX_LENGTH, 'That name is too long.'),
        sourceInputSchema,
        { message: 'sourceNames must map each name in your file to a source.' },
      )
      .refine((names) => Object.keys(names).length <= 500, 'Answer at most 500 names at a time.')
      .default({}),
    /** The creator's matching of the file's columns, for a file whose columns we could not place. */
    columns: importColumnChoiceSchema.optional(),
    /** Import rows repeated inside the file too (two real, identical payments); by default they are left out. */
    includeRepeats: z.boolean({ message: 'includeRepeats must be true or false.' }).default(false),
    /**
     * The creator's answer to "which currency are these amounts in?", for the rows whose currency the file
     * does not say (`unstatedCurrencyCount`); pounds until they answer. Rows that say theirs keep it.
     */
    currency: currencyCodeSchema.optional(),
  })
  .refine((request) => (request.csv === undefined) !== (request.workbook === undefined), {
    message: FILE_MESSAGE,
    path: ['csv'],
  });

export type RevenueImportRequest = z.input<typeof revenueImportRequestSchema>;

export const revenueImportRowSchema = z.object({
  /** The row's line number in the file (the header is line 1). */
  line: z.number().int(),
  /** The cells as written, so a person can find and fix the row. */
  values: z.object({ date: z.string(), source: z.string(), amount: z.string(), description: z.string() }),
  isAccepted: z.boolean(),
  /** Accepted, but the creator already has this entry (same date, source, amount, description): skipped. */
  isAlreadyRecorded: z.boolean(),
  /** The same date, source, amount and description as an earlier row of this file (`repeatOfLine`). */
  isRepeatInFile: z.boolean(),
  repeatOfLine: z.number().int().nullable(),
  /**
   * Why a row that moved no money to the creator is left out (a failed payment, a totals line, a zero
   * amount, a refund), or null.
   */
  notIncome: z.string().nullable(),
  /** The amount as the file wrote it, when it had more decimals than pence and was rounded, or null. */
  roundedFrom: z.string().nullable(),
  /** What will be saved, for an accepted row. */
  entry: z
    .object({
      date: z.string(),
      source: revenueSourceSchema,
      /** In pounds; `paid` says what the file's amount was, for a row in another currency. */
      amount: z.string(),
      description: z.string().nullable(),
      /** Who paid, where the file names them (a "From" or brand column, Stripe's customer). */
      payer: z.string().nullable().optional(),
      paid: paidSchema.optional(),
      /** What the buyer paid and the service's fees, when `amount` is what reached the creator. */
      fees: feesSchema.optional(),
      /** The transaction's id in the export ("gumroad:aB3x=="): a sale is one entry, whatever its price and day. */
      transactionId: z.string().nullable().optional(),
    })
    .nullable(),
  /** Why a refused row was refused. */
  problems: z.array(z.string()),
});

export type RevenueImportRow = z.infer<typeof revenueImportRowSchema>;

/** Amounts written with more decimals than pence, rounded once per row, half up. */
export const importRoundingSchema = z.object({
  currency: z.string(),
  rowCount: z.number().int(),
  /** The file's own total of the rows to be saved, with all its decimals. */
  fileTotal: z.string(),
  /** The total of their rounded amounts: what is saved. */
  roundedTotal: z.string(),
});

export type ImportRounding = z.infer<typeof importRoundingSchema>;

export const IMPORT_FORMATS = {
  ballast: 'Ballast columns (date, source, amount, description)',
  columns: 'Your file, with the columns you matched',
  youtube: 'YouTube Studio revenue export',
  patreon: 'Patreon earnings export',
  stripe: 'Stripe payments export',
  gumroad: 'Gumroad sales export',
  kofi: 'Ko-fi transactions export',
  amazon: 'Amazon Associates earnings report',
  tiktok: 'TikTok Studio analytics export',
} as const;

export type ImportFormat = keyof typeof IMPORT_FORMATS;

/** How a name in the file became a source. */
export const NAME_RESOLUTIONS = ['recognised', 'remembered', 'chosen', 'unknown'] as const;

export const importSourceNameSchema = z.object({
  /** As first written in the file. */
  name: z.string(),
  rowCount: z.number().int(),
  source: revenueSourceSchema.nullable(),
  resolution: z.enum(NAME_RESOLUTIONS),
  /** For an unknown name, the closest source, to start the creator's choice from. */
  suggestion: revenueSourceSchema.nullable(),
});

export type ImportSourceName = z.infer<typeof importSourceNameSchema>;

export const revenueImportResultSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(Object.keys(IMPORT_FORMATS) as [ImportFormat, ...ImportFormat[]]),
  /** Each distinct source name in the file and what it was read as; unknown ones need an answer. */
  names: z.array(importSourceNameSchema),
  /** Rows repeated inside the file (left out unless `includeRepeats`). */
  repeatCount: z.number().int(),
  /** Rows that moved no money to the creator: left out. */
  notIncomeCount: z.number().int(),
  acceptedCount: z.number().int(),
  refusedCount: z.number().int(),
  /** Accepted rows already recorded (an import of the same file again): not saved twice. */
  skippedCount: z.number().int(),
  /** Rows saved: 0 for a preview. */
  importedCount: z.number().int(),
  /** Sum of the accepted rows that will be (or were) saved, two decimals. */
  acceptedAmount: z.string(),
  /**
   * Rows whose currency the file does not say (a plain "Amount" column, no currency column, no symbol):
   * the creator is asked once which currency they are in. 0 when the file says for every row.
   */
  unstatedCurrencyCount: z.number().int(),
  /** The currency those rows are read in: the creator's answer, else pounds. */
  unstatedCurrency: z.string(),
  /** Per currency, when some amounts had more decimals than pence: what the rounding changed. */
  rounding: z.array(importRoundingSchema),
  /** Title or summary lines above the file's column names, left out ("Fee-Earnings reports from …"). */
  preamble: z.array(z.string()),
  rows: z.array(revenueImportRowSchema),
});

export type RevenueImportResult = z.infer<typeof revenueImportResultSchema>;

/**
 * The words a name starts with before a dash or colon ("Sponsor – Squarespace" → "Sponsor"), so names
 * of one kind can be answered together; null for a name with no such start.
 */
export function nameFamily(name: string): string | null {
  const start = /^(.+?)\s*(?:[-–—:|]\s+|\s+[-–—:|])/.exec(name.trim());
  return start ? start[1]!.trim() : null;
}
