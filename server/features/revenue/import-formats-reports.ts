import { type Columns, headerKey, isGbp, readExportDate } from './import-cells';
import { type FormatReader, row } from './import-formats-row';

/**
 * Reports whose files open with a title line before their columns (found by the importer), one line
 * per item or day, where most lines can be zero: the Amazon Associates earnings report and TikTok
 * Studio's analytics export. Sources: docs/decisions/059-files-as-services-write-them.md.
 */

/** "($)", "(£)", "(USD)" in a column's name, as an ISO code; null when the name says none. */
function bracketCurrency(key: string): string | null {
  const named = /\(\s*([^)]+?)\s*\)$/.exec(key)?.[1];
  if (!named) return null;
  if (named === '$' || named === 'us$') return 'USD';
  if (named === '€') return 'EUR';
  if (isGbp(named)) return 'GBP';
  return /^[a-z]{3}$/.test(named) ? named.toUpperCase() : null;
}

const AMAZON_FEES = /^(ad fees|advertising fees|commission income|earnings)\s*\((.+)\)$/;

/**
 * Amazon Associates → Reports → Earnings → Download (CSV): a title line ("Fee-Earnings reports from
 * 2025-09-01 to 2026-10-31"), then Category, Name, ASIN, Seller, Tracking ID, Date Shipped, Price($),
 * Items Shipped, Returns, Revenue($), Ad Fees($), Device Type Group. The fee is what Amazon pays the
 * creator; a returned item's line is zero or negative.
 */
export function amazonAssociates(header: string[], columns: Columns): FormatReader | null {
  const fees = header.map(headerKey).find((key) => AMAZON_FEES.test(key));
  if (!fees || !columns.has('asin') || !columns.has('date shipped', 'date')) return null;
  const currency = bracketCurrency(fees);
  return {
    format: 'amazon',
    read: (cells) => {
      const cellDate = columns.at(cells, 'date shipped', 'date');
      const cellAmount = columns.at(cells, fees);
      return row({
        name: 'Amazon Associates',
        description: columns.at(cells, 'name', 'product title', 'item name'),
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        otherCurrency: currency && currency !== 'GBP' ? currency : null,
        isCurrencyStated: currency !== null,
      });
    },
  };
}

/**
 * TikTok Studio → Analytics → Download data: one line a day with "Date", the day's views, likes,
 * comments and shares, and its "Estimated rewards" (the Creator Rewards Program), most days zero.
 */
export function tiktokStudio(header: string[], columns: Columns): FormatReader | null {
  const rewards = header.map(headerKey).find((key) => /^estimated rewards(\s*\(.+\))?$/.test(key));
  if (!rewards || !columns.has('date')) return null;
  const currency = bracketCurrency(rewards);
  return {
    format: 'tiktok',
    read: (cells) => {
      const cellDate = columns.at(cells, 'date');
      const cellAmount = columns.at(cells, rewards);
      return row({
        name: 'TikTok Creator Rewards',
        description: 'TikTok Studio estimated rewards',
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        otherCurrency: currency && currency !== 'GBP' ? currency : null,
        isCurrencyStated: currency !== null,
      });
    },
  };
}
