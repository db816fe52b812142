import { formatCalendarDate } from '@common/calendar';
import type { Fees, Paid } from '@common/revenue';

/**
 * "$1,030.00", "€980.00": the plain sign for the dollar and euro a UK creator is paid in most; every other
 * currency in its unambiguous form ("A$", "CA$", "SEK"), since "$" and "kr" each stand for several.
 */
export const formatPaid = (amount: string, currency: string, places?: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'USD' || currency === 'EUR' ? 'narrowSymbol' : 'symbol',
    ...(places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places }),
  }).format(Number(amount));

/**
 * Beside the pounds: "($1,030.00 at 0.7887, 3 Oct 2026)", for an entry (or an import row) paid in
 * another currency.
 */
export function PaidNote({ entry }: { entry: { paid?: Paid | undefined } }) {
  const { paid } = entry;
  if (!paid) return null;
  return (
    <span className="block text-sm font-normal text-muted-foreground" data-testid="paid-note">
      ({formatPaid(paid.amount, paid.currency)} at {Number(paid.rate).toFixed(4)},{' '}
      {formatCalendarDate(paid.rateDate)}
      {paid.provisional && ', provisional'})
    </span>
  );
}

/**
 * Beside an amount that is what reached the creator after a service's fees: "$12.37 after $1.50 in
 * fees", in the currency paid.
 */
export function FeesNote({
  entry,
}: {
  entry: { amount: string; paid?: Paid | undefined; fees?: Fees | undefined };
}) {
  const { fees } = entry;
  if (!fees) return null;
  const net = entry.paid?.amount ?? entry.amount;
  return (
    <span className="block text-sm font-normal text-muted-foreground" data-testid="fees-note">
      {formatPaid(net, fees.currency)} after {formatPaid(fees.fee, fees.currency)} in fees
    </span>
  );
}
