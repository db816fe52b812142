import { descriptionSchema, entryDateSchema, futureDateProblem, parseAmount } from '@common/revenue';
import type { ImportSourceName, RevenueImportRow } from '@common/revenue-import';
import { payerSchema } from '@common/revenue-payer';
import { fromPence, roundToCents, toPence } from './import-cells';
import type { ImportedRow } from './import-formats-row';
import { nameKey } from './source-names';

/** One row of an imported file checked: accepted with its entry, left out with why, or refused with what to fix. */

/**
 * Spreadsheets write UK dates day first, DD/MM/YYYY or with a two-digit year (05/11/26: income is
 * recorded in this century, so 20YY), with slashes, dots or dashes; ISO dates pass through.
 */
function toIsoDate(text: string): string {
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text.trim());
  if (!uk) return text.trim();
  const [, day = '', month = '', year = ''] = uk;
  const fullYear = year.length === 2 ? `20${year}` : year;
  return `${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "£1,234.50" as a spreadsheet shows it → "1234.50"; the amount rules then apply as for the form. */
function toAmountText(text: string): string {
  const trimmed = text.trim().replace(/^(?:£|\$|€|US\$)\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
}

export type NameResolution = ImportSourceName & { key: string };

/** How a row is read beyond its cells: the file's kind and the currency its amount is in. */
export type RowContext = { isServiceExport: boolean; currency: string; format: string };

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount) && /\d/.test(amount);

/**
 * A service's line that moved no money to the creator: nothing paid (a returned item, an adjustment,
 * a day without earnings) or money taken back. A creator's own sheet is told about a negative amount.
 */
function noMoneyReason(amount: string, isServiceExport: boolean): string | null {
  if (isZero(amount))
    return 'Nothing was paid on this line (a return, refund, adjustment or a day without earnings).';
  if (isServiceExport && amount.startsWith('-')) return 'Money taken back (a return or refund), not income.';
  return null;
}

/** Why a line moved no money to the creator, read from its amount (zero, or a service's negative), or null. */
export function amountLeftOut(imported: ImportedRow, isServiceExport: boolean): string | null {
  return noMoneyReason(roundToCents(toAmountText(imported.amount)).amount, isServiceExport);
}

/** The sale and the fees, when the file gives what the buyer paid beside what was left. */
/**
 * The id an entry is stored with: the service's own, named by its service so two services' ids never
 * meet; Ballast's own download carries it stored that way already.
 */
const storedId = (format: string, id: string) => (format === 'ballast' ? id : `${format}:${id}`);

function feesOf(gross: string | null, net: string) {
  if (gross === null) return null;
  const grossPence = toPence(roundToCents(toAmountText(gross)).amount);
  const netPence = toPence(net);
  if (grossPence === null || netPence === null || grossPence < netPence) return null;
  return { gross: fromPence(grossPence), fee: fromPence(grossPence - netPence) };
}

export function checkRow(
  line: number,
  imported: ImportedRow,
  names: Map<string, NameResolution>,
  today: string,
  context: RowContext,
): RevenueImportRow {
  const { values } = imported;
  // Amounts written with more decimals than pence (YouTube's 0.412) are rounded once, here, half up.
  const rounded = roundToCents(toAmountText(imported.amount));
  const base = {
    line,
    values,
    isAlreadyRecorded: false,
    isRepeatInFile: false,
    repeatOfLine: null,
    roundedFrom: rounded.isRounded ? toAmountText(imported.amount) : null,
  };
  // Set by the reader, or by amountLeftOut, before names were counted.
  const noMoney = imported.notIncome;
  if (noMoney) return { ...base, isAccepted: false, entry: null, problems: [], notIncome: noMoney };
  const problems: string[] = [];

  const date = entryDateSchema.safeParse(toIsoDate(imported.date));
  if (!values.date.trim()) problems.push('date: missing.');
  else if (!date.success) problems.push(`date: ${date.error.issues[0]?.message} DD/MM/YYYY works too.`);
  const future = date.success ? futureDateProblem(date.data, today) : null;
  if (future) problems.push(`date: ${future}`);

  const name = names.get(nameKey(values.source));
  const source = name?.source ?? null;
  if (!values.source.trim()) problems.push('source: missing.');
  else if (!source)
    problems.push(`source: "${values.source.trim()}" is new to us: choose which source it is.`);

  // Checked in its own currency ("whole cents" for dollars), then valued in pounds (valueImportedRows).
  const amount = parseAmount(rounded.amount, context.currency);
  if (!values.amount.trim()) problems.push('amount: missing.');
  else if ('problem' in amount) problems.push(`amount: ${amount.problem}`);

  const description = descriptionSchema.safeParse(values.description);
  if (!description.success) problems.push(`description: ${description.error.issues[0]?.message}`);

  const payer = payerSchema.safeParse(imported.payer);
  if (!payer.success) problems.push(`from: ${payer.error.issues[0]?.message}`);

  const isAccepted =
    problems.length === 0 &&
    date.success &&
    source !== null &&
    'amount' in amount &&
    description.success &&
    payer.success;
  const fees = isAccepted ? feesOf(imported.gross, amount.amount) : null;
  return {
    ...base,
    isAccepted: Boolean(isAccepted),
    entry: isAccepted
      ? {
          date: date.data,
          source,
          amount: amount.amount,
          description: description.data,
          ...(payer.data ? { payer: payer.data } : {}),
          ...(imported.id ? { transactionId: storedId(context.format, imported.id) } : {}),
          ...(fees ? { fees: { ...fees, currency: context.currency } } : {}),
        }
      : null,
    problems,
    notIncome: null,
  };
}
