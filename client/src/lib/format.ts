const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const pence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** £1,235 — the stat cards' format (no decimals). Accepts the API's decimal strings. */
export function formatPounds(amount: number | string): string {
  return wholePounds.format(Number(amount));
}

/** £1,234.50 — for single entries, where pence matter. */
export function formatPence(amount: number | string): string {
  return pence.format(Number(amount));
}
