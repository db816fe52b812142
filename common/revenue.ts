import { z } from 'zod';
import { monthlyIncomeSchema } from './monthly-income';
import { AMOUNT_FORMAT_MESSAGE, POUNDS, parseAmount } from './revenue-amount';
import { payerSchema } from './revenue-payer';
import { currentSourceName, REVENUE_SOURCES } from './revenue-sources';

// An amount's rules, in the words of its currency, live in their own module; callers know them from here.
export {
  AMOUNT_FORMAT_MESSAGE,
  amountFormatMessage,
  MAX_ENTRY_AMOUNT,
  moneyWords,
  POUNDS,
  parseAmount,
} from './revenue-amount';

// The sources live in their own module with onboarding's streams (one list for both); the revenue
// schemas below and most callers know them from here.
export {
  CURRENT_STREAM_OPTIONS,
  currentSourceName,
  FORMER_SOURCE_NAMES,
  REVENUE_SOURCES,
  type RevenueSource,
  SOURCE_GROUPS,
  SOURCE_LABELS,
  sourceLabel,
  sourcePlatform,
} from './revenue-sources';

/**
 * Revenue is money already received: a date later than tomorrow in London is a typing mistake (one
 * day of margin for a creator whose day starts before ours).
 */
export function latestEntryDate(today: string): string {
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function futureDateProblem(date: string, today: string): string | null {
  const latest = latestEntryDate(today);
  return date > latest
    ? `The date cannot be in the future: record revenue once it is received (on or before ${latest}).`
    : null;
}

export const DESCRIPTION_MAX_LENGTH = 500;
/** Revenue dates outside these years are typing mistakes, not income. */
export const EARLIEST_ENTRY_YEAR = 1900;
export const LATEST_ENTRY_YEAR = 2100;

/**
 * An amount as sent, with two decimals when it is a good one (whether it is does not depend on the
 * currency, only the words do), else as written for `checkAmountInCurrency` to explain.
 */
const amountTextSchema = z
  .union([z.string(), z.number()], { message: AMOUNT_FORMAT_MESSAGE })
  .transform((value) => {
    const checked = parseAmount(String(value));
    return 'amount' in checked ? checked.amount : String(value).trim();
  });

/**
 * An entry's amount against the rules in its own currency, so a dollar entry is told "more than $0"
 * and "whole cents".
 */
export function checkAmountInCurrency(
  entry: { amount?: string | undefined; currency?: string | undefined },
  ctx: z.RefinementCtx,
) {
  // A missing amount is the field's own problem (and the service's, on the server).
  if (!entry.amount) return;
  const result = parseAmount(entry.amount, entry.currency ?? POUNDS);
  if ('problem' in result) ctx.addIssue({ code: 'custom', path: ['amount'], message: result.problem });
}

const SOURCE_CHOICE_MESSAGE = `Choose a source from: ${REVENUE_SOURCES.join(', ')}.`;

/** A source as stored and answered. */
export const revenueSourceSchema = z.enum(REVENUE_SOURCES, { message: SOURCE_CHOICE_MESSAGE });

/** A source as sent: a former name (an older client, an old spreadsheet) is read as its successor. */
export const sourceInputSchema = z
  .string({ message: SOURCE_CHOICE_MESSAGE })
  .transform(currentSourceName)
  .pipe(revenueSourceSchema);

export const entryDateSchema = z
  .string({ message: 'Enter the date as YYYY-MM-DD.' })
  .trim()
  .pipe(z.iso.date({ message: 'Enter a real calendar date as YYYY-MM-DD, like 2025-03-31.' }))
  .refine(
    (date) => {
      const year = Number(date.slice(0, 4));
      return year >= EARLIEST_ENTRY_YEAR && year <= LATEST_ENTRY_YEAR;
    },
    { message: `Enter a date between ${EARLIEST_ENTRY_YEAR} and ${LATEST_ENTRY_YEAR}.` },
  );

export const descriptionSchema = z
  .string({ message: 'The description must be text.' })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Keep the description to ${DESCRIPTION_MAX_LENGTH} characters or fewer.`)
  .nullish()
  .transform((value) => value || null);

/** An ISO 4217 code as sent ("usd" is read as "USD"); the server checks it is one the rates know. */
export const currencyCodeSchema = z
  .string({ message: 'Enter the currency as a three-letter ISO 4217 code, like GBP or USD.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Enter the currency as a three-letter ISO 4217 code, like GBP or USD.');

/**
 * POST /api/revenue. Without a date the entry is dated today (in London); without a currency the amount
 * is in pounds. Another currency's amount is valued in pounds at the ECB rate of the entry's date.
 */
export const createRevenueEntrySchema = z
  .object({
    source: sourceInputSchema,
    amount: amountTextSchema,
    currency: currencyCodeSchema.optional(),
    description: descriptionSchema,
    payer: payerSchema,
    date: entryDateSchema.optional(),
  })
  .superRefine(checkAmountInCurrency);

export type CreateRevenueEntry = z.input<typeof createRevenueEntrySchema>;

/**
 * POST /api/revenue/nothing-in-month: a stream brought nothing in a complete month (a "not recorded yet"
 * reminder's "It was £0 this month"), recorded as a £0 entry on the month's last day.
 */
export const nothingInMonthSchema = z.object({
  source: sourceInputSchema,
  month: z
    .string({ message: 'Choose a month as YYYY-MM, like 2025-03.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, like 2025-03.'),
});

/** PATCH /api/revenue/{id}: any of the fields; at least one. */
export const updateRevenueEntrySchema = z
  .object({
    source: sourceInputSchema.optional(),
    amount: amountTextSchema.optional(),
    currency: currencyCodeSchema.optional(),
    description: descriptionSchema.optional(),
    payer: payerSchema.optional(),
    date: entryDateSchema.optional(),
  })
  .superRefine(checkAmountInCurrency);

export type UpdateRevenueEntry = z.input<typeof updateRevenueEntrySchema>;

const moneySchema = z.string().describe('pounds with two decimals, e.g. "1234.50"');

/** What was paid, for an entry not paid in pounds, and the rate that valued it. */
export const paidSchema = z.object({
  amount: z.string().describe('in `currency`, two decimals'),
  currency: z.string().describe('ISO 4217'),
  rate: z.string().describe('pounds for one unit, six decimals, through the ECB euro reference rates'),
  rateDate: z.iso.date().describe('the ECB publication day of the rate'),
  provisional: z.boolean().describe('dated after the newest rates: valued again when its day’s arrive'),
});

export type Paid = z.infer<typeof paidSchema>;

/** For money that reached the creator after a service's fees (Gumroad, Patreon, Stripe): the sale and the fees. */
export const feesSchema = z.object({
  gross: z.string().describe('what the buyer paid, in `currency`, two decimals'),
  fee: z.string().describe('the service’s fees, in `currency`, two decimals'),
  currency: z.string().describe('ISO 4217: the currency paid'),
});

export type Fees = z.infer<typeof feesSchema>;

export const revenueEntrySchema = z.object({
  id: z.uuid(),
  source: revenueSourceSchema,
  /** The value in pounds: what every total and chart sums. */
  amount: moneySchema,
  /** Present only when the entry was paid in another currency. */
  paid: paidSchema.optional(),
  /** Present only when the amount is what was left after a service's fees. */
  fees: feesSchema.optional(),
  description: z.string().nullable(),
  /** Who paid, where the creator or the file named them. */
  payer: z.string().nullable(),
  date: z.iso.date(),
  /** Typed (or imported) by the creator, or YouTube's estimated revenue for a month (not editable). */
  origin: z.enum(['typed', 'youtube']),
  createdAt: z.iso.datetime(),
});

export type RevenueEntry = z.infer<typeof revenueEntrySchema>;

/** GET /api/revenue/currencies: pounds first, then the ones the creator has used, then the rest. */
export const revenueCurrenciesSchema = z.object({
  currencies: z.array(z.string()),
  /** How many of `currencies`, after pounds, the creator has used. */
  usedCount: z.number().int(),
});

export type RevenueCurrencies = z.infer<typeof revenueCurrenciesSchema>;

export const REVENUE_PAGE_MAX = 500;
export const REVENUE_PAGE_DEFAULT = 100;

export const revenueListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(REVENUE_PAGE_MAX, `limit can be at most ${REVENUE_PAGE_MAX}.`)
    .default(REVENUE_PAGE_DEFAULT),
  offset: z.coerce
    .number({ message: 'offset must be a number.' })
    .int('offset must be a whole number.')
    .min(0, 'offset cannot be negative.')
    .default(0),
});

export const revenueEntryParamsSchema = z.object({
  id: z.uuid({ message: 'That is not a revenue entry id.' }),
});

export const revenueSummarySchema = z.object({
  totalAmount: moneySchema,
  /** Entries dated in the current month in London. */
  thisMonthAmount: moneySchema,
  currentMonth: z.string().describe("'YYYY-MM' in London"),
  /** Distinct sources. */
  streamCount: z.number().int(),
  /** totalAmount / streamCount, or "0.00" with no entries. */
  averagePerStream: moneySchema,
  entryCount: z.number().int(),
  /** Oldest month first. */
  monthly: z.array(z.object({ month: z.string().describe("'YYYY-MM'"), amount: moneySchema })),
  /** Largest first. */
  bySource: z.array(z.object({ source: revenueSourceSchema, amount: moneySchema })),
  /** The one monthly income every screen states, and this month so far. */
  monthlyIncome: monthlyIncomeSchema,
});

export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

/** The history table's page: 25 entries (a screen's worth with room for the totals). */
export const REVENUE_HISTORY_PAGE_SIZE = 25;

/** An empty filter field in a query string ("?source=") means no filter. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/revenue/history and /api/revenue/export: which entries. */
export const revenueFiltersSchema = z.object({
  source: z.preprocess(blankAsMissing, sourceInputSchema.optional()),
  month: z.preprocess(
    blankAsMissing,
    z
      .string({ message: 'Choose a month as YYYY-MM, like 2025-03.' })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, like 2025-03.')
      .optional(),
  ),
});

export type RevenueFilters = z.infer<typeof revenueFiltersSchema>;

export const revenueHistoryQuerySchema = /* @__PURE__ */ revenueFiltersSchema.extend({
  page: z.coerce
    .number({ message: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(100_000, 'page can be at most 100,000.')
    .default(1),
});

export const revenueHistorySchema = z.object({
  /** Newest first (by date, then by when entered). */
  entries: z.array(revenueEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Entries matching the filters, over every page. */
  totalCount: z.number().int(),
  /** Their sum. */
  totalAmount: moneySchema,
});

export type RevenueHistory = z.infer<typeof revenueHistorySchema>;
