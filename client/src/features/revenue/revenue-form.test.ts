import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { isMissingRequired, revenueFormSchema, showServerReasons } from './revenue-form';

function errorsFor(values: Record<string, string>) {
  const result = revenueFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], { message: issue.message }]));
}

describe('the revenue form', () => {
  const filled = { source: 'courses', amount: '12.5', currency: 'USD', description: '', date: '2025-03-01' };

  it('turns its fields into what the API takes', () => {
    expect(revenueFormSchema.parse(filled)).toEqual({
      source: 'courses',
      amount: '12.50',
      currency: 'USD',
      description: null,
      payer: null,
      date: '2025-03-01',
    });
    expect(revenueFormSchema.parse({ ...filled, payer: '  Northlight Creator Agency ' }).payer).toBe(
      'Northlight Creator Agency',
    );
  });

  it('reports a missing source or amount as missing information', () => {
    expect(isMissingRequired(errorsFor({ ...filled, source: '' }))).toBe(true);
    expect(isMissingRequired(errorsFor({ ...filled, amount: '  ' }))).toBe(true);
  });

  it('speaks of the currency chosen: cents and $0 for dollars, pence and £0 for pounds', () => {
    expect(errorsFor({ ...filled, amount: '1.234' }).amount?.message).toBe(
      'Use at most two decimal places (whole cents).',
    );
    expect(errorsFor({ ...filled, amount: '0' }).amount?.message).toBe('The amount must be more than $0.');
    const pounds = { ...filled, currency: 'GBP' };
    expect(errorsFor({ ...pounds, amount: '1.234' }).amount?.message).toBe(
      'Use at most two decimal places (whole pence).',
    );
    expect(errorsFor({ ...pounds, amount: '0.00' }).amount?.message).toBe('The amount must be more than £0.');
  });

  it('reports other problems beside their field instead', () => {
    const errors = errorsFor({ ...filled, amount: '1.234' });
    expect(isMissingRequired(errors)).toBe(false);
    expect(errors.amount?.message).toMatch(/two decimal places/);
    expect(errorsFor({ ...filled, date: '2025-02-30' }).date?.message).toMatch(/real calendar date/);
  });
});

describe('showServerReasons', () => {
  it('puts a 400’s field reasons beside their fields, and ignores other failures', () => {
    const set: [string, string][] = [];
    const setError = ((field: string, error: { message: string }) =>
      set.push([field, error.message])) as never;
    const body = JSON.stringify({
      error: 'VALIDATION_ERROR',
      message:
        'date: The date cannot be in the future: record revenue once it is received (on or before 2025-03-02).',
      fields: {
        date: 'The date cannot be in the future: record revenue once it is received (on or before 2025-03-02).',
      },
    });
    showServerReasons(new ApiError(400, body), setError);
    expect(set).toEqual([['date', expect.stringMatching(/^The date cannot be in the future/)]]);
    showServerReasons(new ApiError(500, body), setError);
    showServerReasons(new TypeError('Failed to fetch'), setError);
    expect(set).toHaveLength(1);
  });
});
