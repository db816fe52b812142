import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  openImportDialog,
  postAsUser,
  signUpThroughApi,
  test,
} from './fixtures';

/** Files the importer cannot place by their column names, and sheets with many names of one kind. */

test('a file whose columns are not recognised says which it expected and found, and imports once matched', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const dialog = await openImportDialog(page);

  // YouTube's payments (AdSense) → Transactions: a date, what the line is, and pounds; no source column.
  const payments = [
    'Date,Description,Amount (GBP)',
    '31 Oct 2025,Earnings – YouTube for October,"1,204.33"',
    '30 Nov 2025,Earnings – YouTube for November,998.10',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'payments.csv', mimeType: 'text/csv', buffer: Buffer.from(payments) });
  await expect(dialog.getByRole('alert')).toContainText('We could not tell which columns hold the source.');
  await expect(dialog.getByRole('alert')).toContainText(
    "Your file's columns: Date, Description, Amount (GBP).",
  );

  // The columns are guessed from their names; the creator checks them and goes on.
  await expect(dialog.getByLabel('Date')).toHaveValue('Date');
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('Amount (GBP)');
  await expect(dialog.getByLabel('Description')).toHaveValue('Description');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Use these columns' }).click();
  await expect(dialog.getByText('Read as: Your file, with the columns you matched.')).toBeVisible();

  // Both lines start "Earnings –": one answer covers them.
  await dialog.getByLabel('All 2 “Earnings – …” names (2 rows)').selectOption('youtube_ads');
  await expect(
    dialog.getByText('2 accepted, 0 refused. Ready to import 2 entries (£2,202.43).'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 entries' }).click();
  await expectToast(page, 'Revenue Imported', '2 entries added.');
});

test('eleven "Sponsor – brand" lines take one answer, suggested on the creator’s only platform', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context);
  await postAsUser(context, '/api/user/onboarding', { platforms: ['youtube'], primaryPlatform: 'youtube' });
  const dialog = await openImportDialog(page);

  const brands = ['Squarespace', 'NordVPN', 'Audible', 'Skillshare', 'HelloFresh', 'Surfshark'];
  const more = ['Brilliant', 'Raid', 'Manscaped', 'Ridge', 'Established Titles'];
  const sheet = [
    'Date,Source,Amount,Notes',
    ...[...brands, ...more].map(
      (brand, index) => `${String(index + 1).padStart(2, '0')}/10/2025,Sponsor – ${brand},£750,`,
    ),
    '31/10/2025,YouTube AdSense,"£1,650.00",October',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'priya.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  const all = dialog.getByLabel('All 11 “Sponsor – …” names (11 rows)');
  await expect(all).toBeVisible();
  // One choice on screen for the eleven, with the one-by-one choices folded away.
  await expect(dialog.getByRole('combobox').filter({ visible: true })).toHaveCount(1);
  await expect(dialog.getByText('Perhaps YouTube Sponsors?').filter({ visible: true })).toHaveCount(1);
  await expect(dialog.getByText('Brand Deals (several platforms)?')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await all.selectOption('youtube_sponsors');
  await expect(
    dialog.getByText('12 accepted, 0 refused. Ready to import 12 entries (£9,900.00).'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 12 entries' }).click();
  await expectToast(page, 'Revenue Imported', '12 entries added.');
});
