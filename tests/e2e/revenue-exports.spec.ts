import { gumroadSales } from '../fixtures/exports/gumroad-sales';
import { amazonEarningsReport, youtubeStudio } from '../fixtures/exports/reviewer-year';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  openImportDialog,
  signUpThroughApi,
  test,
} from './fixtures';

/** The files services give creators, as they write them (tests/fixtures/exports/reviewer-year.ts). */

test('services’ own files: title lines and rounding are said, fees shown, an Excel workbook read', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const dialog = await openImportDialog(page);
  const choose = (name: string, text: string) =>
    dialog.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

  // An older Excel file is refused with what to do; an .xlsx workbook is read as its first sheet.
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'Sales.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  });
  await expect(dialog.getByRole('alert')).toContainText('export it as CSV');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payouts');
  sheet.addRow(['Date', 'Source', 'Amount (GBP)']);
  sheet.addRow([new Date('2026-10-30T00:00:00Z'), 'Patreon', 412.5]);
  sheet.addRow([new Date('2026-11-30T00:00:00Z'), 'Patreon', 398.25]);
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'payouts.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await expect(dialog.getByText('2 accepted, 0 refused. Ready to import 2 entries (£810.75).')).toBeVisible();

  await choose('Fee-Earnings.csv', amazonEarningsReport().csv);
  await expect(dialog.getByText('Read as: Amazon Associates earnings report.')).toBeVisible();
  await expect(
    dialog.getByText(
      'Left out 1 line above the column names: “Fee-Earnings reports from 2025-09-01 to 2026-10-31”.',
    ),
  ).toBeVisible();
  await expect(dialog.getByText('70 accepted, 0 refused, 35 not income (left out).')).toBeVisible();

  await choose('Table data.csv', youtubeStudio().csv);
  await expect(
    dialog.getByText(
      '417 amounts had more decimals than pence and were rounded once each, half up: the file’s total is £1,460.590; rounded, £1,460.80.',
    ),
  ).toBeVisible();

  await choose('sales.csv', gumroadSales());
  await expect(dialog.getByText('20 accepted, 0 refused, 2 not income (left out).')).toBeVisible();
  await expect(dialog.getByTestId('fees-note').first()).toHaveText('$11.98 after $1.89 in fees');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Import 20 entries' }).click();
  await expectToast(page, 'Revenue Imported', '20 entries added.');
  await expect(page.getByTestId('revenue-entry').first().getByTestId('fees-note')).toHaveText(
    '$11.98 after $1.89 in fees',
  );
});
