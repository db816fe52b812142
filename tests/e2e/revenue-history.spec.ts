import { readFile } from 'node:fs/promises';
import { londonDate } from '../../common/calendar';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  openImportDialog,
  signUpThroughApi,
  test,
} from './fixtures';

/**
 * A UK cooking creator brings a year of income kept in her own spreadsheet, in her own words, then
 * works through all of it in the history table.
 */

/** The first day of the month `back` months before this one (London), as DD/MM/YYYY and ISO. */
function monthsAgo(back: number, day: number) {
  const [year, month] = londonDate(new Date()).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  const iso = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { iso, uk: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

/** Twelve complete months, oldest first: AdSense and Patreon monthly, tips, courses, sponsorships, a newsletter. */
function mayasYear() {
  const lines = ['Date,Source,Amount,Notes'];
  for (let back = 12; back >= 1; back--) {
    const adsense = (850 + back * 25).toFixed(2);
    lines.push(`${monthsAgo(back, 21).uk},YouTube AdSense,"£${adsense}",AdSense payout`);
    lines.push(`${monthsAgo(back, 1).uk},Patreon,£412.50,`);
    lines.push(`${monthsAgo(back, 9).uk},Ko-fi tips,£${(15 + back).toFixed(2)},`);
    lines.push(`${monthsAgo(back, 5).uk},Substack,£150.00,Paid newsletter`);
  }
  lines.push(`${monthsAgo(11, 14).uk},Sponsorship,"£1,800.00",Le Creuset integration`);
  lines.push(`${monthsAgo(7, 3).uk},Sponsorship,£950.00,Oatly integration`);
  lines.push(`${monthsAgo(3, 18).uk},Sponsorship,"£1,250.00",Knife brand video`);
  lines.push(`${monthsAgo(6, 10).uk},Course,£297.00,Sourdough basics launch`);
  lines.push(`${monthsAgo(2, 10).uk},Course,£297.00,Sourdough basics relaunch`);
  // Copied twice by mistake while pasting from the bank statement.
  lines.push(`${monthsAgo(2, 10).uk},Course,£297.00,Sourdough basics relaunch`);
  return `${lines.join('\n')}\n`;
}

// AdSense Σ(850 + 25·k, k=1..12) = 12,150; Patreon 4,950; tips Σ(15 + k) = 258; newsletter 1,800;
// sponsorships 4,000; courses 594 (the repeated line left out).
const YEAR_TOTAL = '£23,752';

test('a year of mixed income in her own words: asked once, remembered, then all of it reachable', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const dialog = await openImportDialog(page);
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'maya-income.csv', mimeType: 'text/csv', buffer: Buffer.from(mayasYear()) });
  await expect(dialog.getByText('Read as: Ballast columns')).toBeVisible();
  await expect(dialog.getByText('Which source is each of these?')).toBeVisible();
  const sponsorship = dialog.getByLabel('“Sponsorship” (3 rows)');
  await expect(dialog.getByText('Perhaps Brand Deals (several platforms)?')).toBeVisible();
  await expect(dialog.getByText(/^51 accepted, 3 refused, 1 repeated in the file\./)).toBeVisible();
  // The rows the name holds back stay out until it is answered; the rest could go in already.
  await expect(dialog.getByRole('button', { name: 'Import 50 entries' })).toBeEnabled();
  await expectNoAccessibilityViolations(page);

  await sponsorship.selectOption('youtube_sponsors');
  await expect(
    dialog.getByText(
      '54 accepted, 0 refused, 1 repeated in the file. Ready to import 53 entries (£23,752.00).',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('row').nth(1)).toContainText(/Repeats line \d+: left out/);
  await dialog.getByRole('button', { name: 'Import 53 entries' }).click();
  await expectToast(page, 'Revenue Imported', '53 entries added.');
  await expect(dialog).toBeHidden();

  const figures = page.getByRole('region', { name: 'Revenue figures' });
  await expect(figures).toContainText(YEAR_TOTAL);
  const legend = page.getByTestId('breakdown-chart').getByRole('listitem');
  await expect(legend).toHaveCount(6);
  await expect(legend.filter({ hasText: 'YouTube Sponsors' })).toHaveCount(1);
  await expect(legend.filter({ hasText: 'Paid Newsletter or Subscription' })).toHaveCount(1);

  // Last month's file: the name is remembered, whatever its capitals; nothing is asked.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const next = `Date,Source,Amount\n${monthsAgo(0, 1).uk},SPONSORSHIP,£600.00\n`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'this-month.csv', mimeType: 'text/csv', buffer: Buffer.from(next) });
  await expect(
    dialog.getByText('From your earlier answers: “SPONSORSHIP” is YouTube Sponsors.'),
  ).toBeVisible();
  await expect(dialog.getByText('Which source is each of these?')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import 1 entry' }).click();
  await expectToast(page, 'Revenue Imported', '1 entry added.');

  // All of it, 25 a page, newest first.
  const history = page.getByRole('region', { name: 'All Entries' });
  const totals = page.getByTestId('history-totals');
  await expect(totals).toHaveText('54 entries, £24,352.00 in total.');
  const rows = page.getByTestId('history-entry');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('YouTube Sponsors');
  await expect(history.getByText('Page 1 of 3')).toBeVisible();
  await history.getByRole('button', { name: 'Next' }).click();
  await history.getByRole('button', { name: 'Next' }).click();
  await expect(history.getByText('Page 3 of 3')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(rows.last()).toContainText('Patreon');
  await expectNoAccessibilityViolations(page);

  // Filtered by source, then by month too: the totals follow the filter.
  await history.getByLabel('Filter by source').selectOption('youtube_sponsors');
  await expect(totals).toHaveText('4 entries, £4,600.00 in total for these filters.');
  await expect(history.getByText('Page 1 of 1')).toBeVisible();
  const sponsorMonth = monthsAgo(3, 18);
  await history.getByLabel('Filter by month').fill(sponsorMonth.iso.slice(0, 7));
  await expect(totals).toHaveText('1 entry, £1,250.00 in total for these filters.');

  // Export CSV downloads what the table shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    history.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `ballast-revenue-youtube_sponsors-${sponsorMonth.iso.slice(0, 7)}.csv`,
  );
  expect(await readFile((await download.path())!, 'utf8')).toBe(
    // What was paid rides beside the pounds (decision 047); paid in pounds, there is no rate.
    // No one is named as the payer, so "from" is empty (decision 066).
    `"date","source","amount","description","paid amount","paid currency","rate","rate date","transaction id","gross","fee","from"\r\n"${sponsorMonth.iso}","youtube_sponsors","1250.00","Knife brand video","1250.00","GBP","","","","","",""\r\n`,
  );

  // Corrected and removed from the table.
  await history.getByRole('button', { name: /^Edit YouTube Sponsors on/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit entry' });
  await edit.getByLabel('Amount (£)').fill('1300');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Entry Updated');
  await expect(totals).toHaveText('1 entry, £1,300.00 in total for these filters.');
  await history.getByRole('button', { name: /^Delete YouTube Sponsors on/ }).click();
  await page
    .getByRole('dialog', { name: 'Delete this entry?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Entry Deleted');
  await expect(totals).toHaveText('0 entries, £0.00 in total for these filters.');
  await expect(history.getByText('No entries match these filters.')).toBeVisible();
});

test('the server’s reason reaches the form: a date in the future says so', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add revenue' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  await form.getByLabel('Source').selectOption('paid_newsletter');
  await form.getByLabel('Amount (£)').fill('1800');
  const [year] = londonDate(new Date()).split('-');
  await form.getByLabel('Date').fill(`${Number(year) + 1}-01-15`);
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Error', 'date: The date cannot be in the future');
  await expect(
    form.getByText(/^The date cannot be in the future: record revenue once it is received/),
  ).toBeVisible();
  await expect(form.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAccessibilityViolations(page);
});
