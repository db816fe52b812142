import { londonDate } from '@common/calendar';
import {
  checkAmountInCurrency,
  descriptionSchema,
  entryDateSchema,
  parseAmount,
  type RevenueEntry,
  revenueSourceSchema,
} from '@common/revenue';
import { payerSchema } from '@common/revenue-payer';
import type { FieldErrors, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/lib/api';
import { now } from '@/lib/clock';

/** A missing source or amount is reported by this toast, not beside the field. */
export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in all required fields.',
} as const;

/**
 * The add and edit forms: the API's own rules, plus "required" for source and amount. The amount is
 * checked in the currency chosen beside it, so a dollar amount is told about cents, not pence.
 */
export const revenueFormSchema = z
  .object({
    source: z.string().min(1, MISSING_INFORMATION.description).pipe(revenueSourceSchema),
    amount: z.string().trim().min(1, MISSING_INFORMATION.description),
    currency: z.string(),
    description: descriptionSchema,
    payer: payerSchema,
    date: entryDateSchema,
  })
  .superRefine(checkAmountInCurrency)
  .transform((entry) => {
    const checked = parseAmount(entry.amount, entry.currency);
    return { ...entry, amount: 'amount' in checked ? checked.amount : entry.amount };
  });

export type RevenueFormValues = z.input<typeof revenueFormSchema>;
export type RevenueFormOutput = z.output<typeof revenueFormSchema>;

export function isMissingRequired(errors: FieldErrors<RevenueFormValues>): boolean {
  return [errors.source, errors.amount].some((error) => error?.message === MISSING_INFORMATION.description);
}

/** A new entry, dated today in London, in pounds unless the creator last chose another currency. */
export function blankEntry(currency = 'GBP'): RevenueFormValues {
  return { source: '', amount: '', currency, description: '', payer: '', date: londonDate(now()) };
}

export function entryToForm(entry: RevenueEntry): RevenueFormValues {
  return {
    source: entry.source,
    // What was paid, in its currency: the pounds follow from it.
    amount: entry.paid?.amount ?? entry.amount,
    currency: entry.paid?.currency ?? 'GBP',
    description: entry.description ?? '',
    payer: entry.payer ?? '',
    date: entry.date,
  };
}

const FORM_FIELDS = ['source', 'amount', 'currency', 'date', 'description', 'payer'] as const;

/**
 * Puts the server's reasons beside the fields they are about ("date: The date cannot be in the
 * future…"), so a refused entry says why where the creator is looking.
 */
export function showServerReasons(error: unknown, setError: UseFormSetError<RevenueFormValues>) {
  if (!(error instanceof ApiError) || error.status >= 500) return;
  const fields = error.details?.fields ?? {};
  for (const field of FORM_FIELDS) {
    const message = fields[field];
    if (message) setError(field, { type: 'server', message });
  }
}
