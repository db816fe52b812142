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

/** What sets one report apart: the money column, the date and other columns it must have, its names. */
type Report = {
  format: 'amazon' | 'tiktok';
  /** The money column's name, with or without its currency in brackets. */
  money: RegExp;
  dates: string[];
  /** Columns the report has besides the date, told apart from other files by them. */
  alsoHas: string[];
  name: string;
  description: (columns: Columns, cells: string[]) => string;
};

/** A reader for one report: its money column in the currency that column names, dated by its own day. */
function reportReader(report: Report) {
  return (header: string[], columns: Columns): FormatReader | null => {
    const money = header.map(headerKey).find((key) => report.money.test(key));
    if (!money || !columns.has(...report.dates) || !report.alsoHas.every((name) => columns.has(name))) {
      return null;
    }
    const currency = bracketCurrency(money);
    return {
      format: report.format,
      read: (cells) => {
        const cellDate = columns.at(cells, ...report.dates);
        const cellAmount = columns.at(cells, money);
        return row({
          name: report.name,
          description: report.description(columns, cells),
          cellDate,
          cellAmount,
          date: readExportDate(cellDate),
          amount: cellAmount,
          otherCurrency: currency && currency !== 'GBP' ? currency : null,
          isCurrencyStated: currency !== null,
        });
      },
    };
  };
}

/**
 * Amazon Associates → Reports → Earnings → Download (CSV): a title line ("Fee-Earnings reports from
 * 2025-09-01 to 2026-10-31"), then Category, Name, ASIN, Seller, Tracking ID, Date Shipped, Price($),
 * Items Shipped, Returns, Revenue($), Ad Fees($), Device Type Group. The fee is what Amazon pays the
 * creator; a returned item's line is zero or negative.
 */
export const amazonAssociates = reportReader({
  format: 'amazon',
  money: /^(ad fees|advertising fees|commission income|earnings)\s*\((.+)\)$/,
  dates: ['date shipped', 'date'],
  alsoHas: ['asin'],
  name: 'Amazon Associates',
  description: (columns, cells) => columns.at(cells, 'name', 'product title', 'item name'),
});

/**
 * TikTok Studio → Analytics → Download data: one line a day with "Date", the day's views, likes,
 * comments and shares, and its "Estimated rewards" (the Creator Rewards Program), most days zero.
 */
export const tiktokStudio = reportReader({
  format: 'tiktok',
  money: /^estimated rewards(\s*\(.+\))?$/,
  dates: ['date'],
  alsoHas: [],
  name: 'TikTok Creator Rewards',
  description: () => 'TikTok Studio estimated rewards',
});
