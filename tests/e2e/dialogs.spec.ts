import { londonDate } from '../../common/calendar';
import { expect, postAsUser, signUpThroughApi, test } from './fixtures';

test('Escape closes an open dialog on the first press, even while a toast shows', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/revenue', {
    source: 'courses',
    amount: '120',
    date: londonDate(new Date()),
  });
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit entry' });
  await dialog.getByLabel('Amount (£)').fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  // A toast appears over the open dialog.
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toast).toContainText('Missing Information');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
