import { londonDate } from '@common/calendar';
import { checkedBy } from '@common/checked-by';
import {
  amountSchema,
  descriptionSchema,
  entryDateSchema,
  type RevenueEntry,
  revenueSourceSchema,
} from '@common/revenue';
import type { FieldErrors, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/lib/api';
import { now } from '@/lib/clock';

/** A missing source or amount is reported by this toast, not beside the field. */
export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in all required fields.',
} as const;

/** The add and edit forms: the API's own rules, plus "required" for source and amount. */
export const revenueFormSchema = z.object({
  source: z.string().min(1, MISSING_INFORMATION.description).pipe(revenueSourceSchema),
  amount: z.string().trim().min(1, MISSING_INFORMATION.description).transform(checkedBy(amountSchema)),
  currency: z.string(),
  description: descriptionSchema,
  date: entryDateSchema,
});

export type RevenueFormValues = z.input<typeof revenueFormSchema>;
export type RevenueFormOutput = z.output<typeof revenueFormSchema>;

export function isMissingRequired(errors: FieldErrors<RevenueFormValues>): boolean {
  return [errors.source, errors.amount].some((error) => error?.message === MISSING_INFORMATION.description);
}

/** A new entry, dated today in London. */
export function blankEntry(): RevenueFormValues {
  return { source: '', amount: '', currency: 'GBP', description: '', date: londonDate(now()) };
}

export function entryToForm(entry: RevenueEntry): RevenueFormValues {
  return {
    source: entry.source,
    // What was paid, in its currency: the pounds follow from it.
    amount: entry.paid?.amount ?? entry.amount,
    currency: entry.paid?.currency ?? 'GBP',
    description: entry.description ?? '',
    date: entry.date,
  };
}

const FORM_FIELDS = ['source', 'amount', 'currency', 'date', 'description'] as const;

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
