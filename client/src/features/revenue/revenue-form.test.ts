import { describe, expect, it } from 'vitest';
import { isMissingRequired, revenueFormSchema } from './revenue-form';

function errorsFor(values: Record<string, string>) {
  const result = revenueFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], { message: issue.message }]));
}

describe('the revenue form', () => {
  const filled = { source: 'courses', amount: '12.5', description: '', date: '2025-03-01' };

  it('turns its fields into what the API takes', () => {
    expect(revenueFormSchema.parse(filled)).toEqual({
      source: 'courses',
      amount: '12.50',
      description: null,
      date: '2025-03-01',
    });
  });

  it('reports a missing source or amount as missing information', () => {
    expect(isMissingRequired(errorsFor({ ...filled, source: '' }))).toBe(true);
    expect(isMissingRequired(errorsFor({ ...filled, amount: '  ' }))).toBe(true);
  });

  it('reports other problems beside their field instead', () => {
    const errors = errorsFor({ ...filled, amount: '1.234' });
    expect(isMissingRequired(errors)).toBe(false);
    expect(errors.amount?.message).toMatch(/two decimal places/);
    expect(errorsFor({ ...filled, date: '2025-02-30' }).date?.message).toMatch(/real calendar date/);
  });
});
