import { z } from 'zod';
import { revenueSourceSchema } from './revenue';

/**
 * POST /api/revenue/import. The browser reads the CSV file and sends its text as JSON; `dryRun`
 * answers the preview without saving. A real import saves every row or none. See docs/decisions.
 */
export const IMPORT_MAX_ROWS = 5000;
/** 5,000 rows with long descriptions and quoting fit comfortably. */
export const IMPORT_MAX_CHARACTERS = 4_000_000;
export const IMPORT_COLUMNS = ['date', 'source', 'amount', 'description'] as const;

export const revenueImportRequestSchema = z.object({
  csv: z
    .string({ message: 'Send the CSV file as text in "csv".' })
    .max(IMPORT_MAX_CHARACTERS, 'The file is too large: import at most 5,000 rows at a time.'),
  dryRun: z.boolean({ message: 'dryRun must be true or false.' }).default(false),
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
  /** What will be saved, for an accepted row. */
  entry: z
    .object({
      date: z.string(),
      source: revenueSourceSchema,
      amount: z.string(),
      description: z.string().nullable(),
    })
    .nullable(),
  /** Why a refused row was refused. */
  problems: z.array(z.string()),
});

export type RevenueImportRow = z.infer<typeof revenueImportRowSchema>;

export const revenueImportResultSchema = z.object({
  dryRun: z.boolean(),
  acceptedCount: z.number().int(),
  refusedCount: z.number().int(),
  /** Accepted rows already recorded (an import of the same file again): not saved twice. */
  skippedCount: z.number().int(),
  /** Rows saved: 0 for a preview. */
  importedCount: z.number().int(),
  /** Sum of the accepted rows that will be (or were) saved, two decimals. */
  acceptedAmount: z.string(),
  rows: z.array(revenueImportRowSchema),
});

export type RevenueImportResult = z.infer<typeof revenueImportResultSchema>;
