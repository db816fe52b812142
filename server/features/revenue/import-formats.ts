import type { ImportColumnChoice } from '@common/revenue-import';
import { type Columns, columnsOf, headerKey, isGbp, minus, readExportDate, toPence } from './import-cells';
import { chosenColumnsReader, commonNamesReader } from './import-columns';
import { amazonAssociates, tiktokStudio } from './import-formats-reports';
import { type FormatReader, row } from './import-formats-row';

/**
 * The CSV files creators already have, read as rows of date, source name, amount and description.
 * Headers are matched without regard to case or spacing. Each export's columns are as its service
 * documents them (docs/decisions/027-revenue-as-creators-are-paid.md lists the sources).
 */
/** YouTube Studio → Analytics → Revenue → Export: "Date" and "Your estimated revenue (GBP)". */
function youtube(header: string[], columns: Columns): FormatReader | null {
  const revenue = header.map(headerKey).find((key) => /^(your )?estimated revenue \([a-z]{3}\)$/.test(key));
  if (!revenue || !columns.has('date', 'month')) return null;
  const currency = /\(([a-z]{3})\)$/.exec(revenue)![1]!;
  return {
    format: 'youtube',
    read: (cells) => {
      const cellDate = columns.at(cells, 'date', 'month');
      const cellAmount = columns.at(cells, revenue);
      return row({
        name: 'YouTube estimated revenue',
        description: 'YouTube Studio estimated revenue',
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        otherCurrency: isGbp(currency) ? null : currency.toUpperCase(),
      });
    },
  };
}

/**
 * Patreon → Insights → Earnings → Download CSV: "Month", "Processed pledges", fees, "Your share"; the
 * current dashboard's file names the money after fees "Net Earnings" (once "Earnings").
 */
const PATREON_SHARE = ['your share', 'net earnings', 'earnings'];

function patreon(columns: Columns): FormatReader | null {
  if (
    !columns.has('your share', 'processed pledges') &&
    !(columns.has('month') && columns.has(...PATREON_SHARE))
  ) {
    return null;
  }
  return {
    format: 'patreon',
    read: (cells) => {
      const cellDate = columns.at(cells, 'month', 'date');
      const cellAmount = columns.at(cells, ...PATREON_SHARE);
      const currency = columns.at(cells, 'currency');
      return row({
        name: 'Patreon',
        description: 'Patreon earnings',
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        // What patrons paid; "Your share" is what is left after the processing and Patreon fees.
        gross: columns.at(cells, 'processed pledges', 'gross earnings'),
        otherCurrency: isGbp(currency) ? null : currency.toUpperCase(),
      });
    },
  };
}

/**
 * Stripe Dashboard → Payments → Export: "id", "Created date (UTC)" (once "Created (UTC)"), amounts,
 * "Fee" (in the account's settlement currency, the converted one), "Status".
 */
function stripe(columns: Columns): FormatReader | null {
  const created = ['created date (utc)', 'created (utc)'];
  if (!columns.has(...created) || !columns.has('amount refunded', 'converted amount')) return null;
  return {
    format: 'stripe',
    read: (cells) => {
      const cellDate = columns.at(cells, ...created);
      const status = columns.at(cells, 'status').toLowerCase();
      const isConverted =
        columns.has('converted amount') && isGbp(columns.at(cells, 'converted currency') || 'x');
      const gross = columns.at(cells, isConverted ? 'converted amount' : 'amount');
      const refunded = columns.at(cells, isConverted ? 'converted amount refunded' : 'amount refunded');
      const currency = isConverted ? 'gbp' : columns.at(cells, 'currency');
      const description = columns.at(cells, 'description');
      const kept = minus(gross, refunded);
      // The fee is in the settlement currency: it nets a payment only when the amount is in that one.
      const settlement = columns.at(cells, 'converted currency');
      const fee =
        isConverted || !settlement || settlement.toLowerCase() === currency.toLowerCase()
          ? columns.at(cells, 'fee')
          : '';
      return row({
        name: description || 'Stripe payment',
        description,
        cellDate,
        cellAmount: gross,
        date: readExportDate(cellDate),
        amount: fee ? minus(kept, fee) : kept,
        gross: fee ? kept : null,
        id: columns.at(cells, 'id'),
        // Stripe names the customer who paid: their description, else their email.
        payer: columns.at(cells, 'customer description') || columns.at(cells, 'customer email'),
        notIncome:
          status === 'failed' || columns.at(cells, 'captured').toLowerCase() === 'false'
            ? 'Stripe says this payment failed: no money moved.'
            : status === 'refunded'
              ? 'Refunded in full.'
              : null,
        otherCurrency: isGbp(currency) ? null : currency.toUpperCase(),
      });
    },
  };
}

/**
 * Gumroad → Analytics → Sales → Export: "Purchase ID", "Purchase Date", "Item Name", "Sale Price ($)",
 * "Net Total ($)" (what reached the seller after Gumroad's fees), "Refunded?" / "Fully Refunded?" (1 or
 * 0), "Partial Refund ($)", and a last line whose first cell is "Totals".
 */
function gumroad(header: string[], columns: Columns): FormatReader | null {
  const keys = header.map(headerKey);
  const priceHeader = keys.find((key) => /^(sale )?price \((.+)\)$/.test(key));
  const partialHeader = keys.find((key) => /^partial refund \((.+)\)$/.test(key));
  const netHeader = keys.find((key) => /^net total \((.+)\)$/.test(key));
  if (!(columns.has('item name') && columns.has('purchase date', 'sale date') && priceHeader)) return null;
  const currency = /\((.+)\)$/.exec(priceHeader)![1]!;
  return {
    format: 'gumroad',
    read: (cells) => {
      const cellDate = columns.at(cells, 'purchase date', 'sale date');
      const name = columns.at(cells, 'item name');
      const price = columns.at(cells, priceHeader);
      const net = netHeader ? columns.at(cells, netHeader) : '';
      const cellAmount = net || price;
      const partial = partialHeader ? columns.at(cells, partialHeader) : '';
      const isRefunded = ['1', 'true', 'yes'].includes(
        columns.at(cells, 'fully refunded?', 'refunded?', 'refunded').toLowerCase(),
      );
      return row({
        name: name || 'Gumroad sale',
        description: name,
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: minus(cellAmount, partial),
        gross: net ? minus(price, partial) : null,
        id: columns.at(cells, 'purchase id'),
        notIncome: isRefunded ? 'Refunded.' : null,
        otherCurrency: isGbp(currency) ? null : currency === '$' ? 'USD' : currency.toUpperCase(),
      });
    },
  };
}

/** Ko-fi → Transactions → Export CSV: "DateTime (UTC)", "From", "Item", "Received", "Given", "Currency", "TransactionType". */
function kofi(columns: Columns): FormatReader | null {
  if (!columns.has('datetime (utc)') || !columns.has('transactiontype') || !columns.has('received'))
    return null;
  return {
    format: 'kofi',
    read: (cells) => {
      const cellDate = columns.at(cells, 'datetime (utc)');
      const type = columns.at(cells, 'transactiontype');
      const cellAmount = columns.at(cells, 'received');
      const given = toPence(columns.at(cells, 'given') || '0') ?? 0;
      const currency = columns.at(cells, 'currency');
      return row({
        name: `Ko-fi ${type}`.trim(),
        description: columns.at(cells, 'item'),
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        id: columns.at(cells, 'transactionid'),
        notIncome: given > 0 ? 'Money you gave on Ko-fi, not money received.' : null,
        otherCurrency: isGbp(currency) ? null : currency.toUpperCase(),
      });
    },
  };
}

/** The service export a line of column names is the header of, or null. */
export function serviceReaderFor(header: string[]): FormatReader | null {
  const columns = columnsOf(header);
  return (
    youtube(header, columns) ??
    patreon(columns) ??
    stripe(columns) ??
    gumroad(header, columns) ??
    kofi(columns) ??
    amazonAssociates(header, columns) ??
    tiktokStudio(header, columns)
  );
}

/** The creator's own matching of columns, when sent, else the first export the header fits. */
export function readerFor(header: string[], choice?: ImportColumnChoice): FormatReader {
  if (choice) return chosenColumnsReader(header, choice);
  return serviceReaderFor(header) ?? commonNamesReader(header, columnsOf(header));
}
