import { londonDate } from '../../common/calendar';
import {
  expect,
  givePaidPlan,
  markScanned,
  postAsUser,
  queryDatabase,
  signUpThroughApi,
  test,
} from './fixtures';

test('an alert raised elsewhere arrives on the open dashboard at once, and can be dismissed', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  // The live stream comes with The Guardian.
  await givePaidPlan(email, 'guardian');
  // Last month's: the health check reads complete months only.
  const lastMonth = new Date(`${londonDate(new Date()).slice(0, 7)}-15T12:00:00Z`);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  await postAsUser(context, '/api/revenue', {
    source: 'youtube_ads',
    amount: '900',
    date: lastMonth.toISOString().slice(0, 10),
  });
  // The scan has looked at the entry, as the planner's next run leaves it.
  await markScanned(email);
  // The dashboard's stream is open before anything happens.
  const streaming = page.waitForResponse((response) => response.url().endsWith('/api/alerts/stream'));
  await page.goto('/');
  expect((await streaming).status()).toBe(200);
  const card = page.getByTestId('alerts-card');
  await expect(card).toContainText('ALL CLEAR');

  // A health check from another tab puts all the income on YouTube's algorithm: critical dependency.
  await postAsUser(context, '/api/health-check', {});
  // One toast shows at a time (docs/product/app.md): the later of the two alerts it raises.
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toContainText(
    /Algorithm dependency is critical \(100%\)|Platform risk is high \(100\/100\)/,
  );
  // Platform risk entered its high band too: two alerts, the dependency one first in the card's order.
  await expect(card.getByTestId('alert')).toHaveCount(2);
  const alert = card.getByTestId('alert').filter({ hasText: 'Algorithm dependency is critical (100%)' });
  await expect(alert).toContainText('high');
  await expect(alert).toContainText('YouTube');
  await expect(alert).toContainText('Just now');

  await alert.getByRole('button', { name: 'Dismiss Algorithm dependency is critical (100%)' }).click();
  await expect(card.getByTestId('alert')).toHaveCount(1);
  await page.reload();
  await expect(card.getByTestId('alert')).toHaveCount(1);
  await expect(card).toContainText('Platform risk is high (100/100)');
});

test('after a dismiss, focus goes to the next alert, then to the card heading, never to the page body', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/revenue', {
    source: 'youtube_ads',
    amount: '900',
    date: londonDate(new Date()),
  });
  // Two open alerts, as the scan leaves them.
  await queryDatabase(
    `INSERT INTO alerts (user_id, severity, platform, title, description, cause, at_stake_pence)
     SELECT id, 'high', 'youtube', title, 'x', cause, 50000 FROM users,
       (VALUES ('YouTube Ads revenue fell 40%', 'test:first'), ('Patreon revenue fell 30%', 'test:second')) AS a (title, cause)
     WHERE email = $1`,
    [email],
  );
  await page.goto('/');
  const card = page.getByTestId('alerts-card');
  await expect(card.getByTestId('alert')).toHaveCount(2);
  const [first, second] = await card.getByRole('button', { name: /^Dismiss / }).all();
  const secondName = (await second!.textContent())!;

  // On the card: the next alert's dismiss button.
  await first!.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('alert')).toHaveCount(1);
  const next = card.getByRole('button', { name: secondName });
  await expect(next).toBeFocused();
  const box = (await next.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);

  // In the list of every alert, with none left to dismiss: the heading.
  await card.getByRole('button', { name: 'View all 2 alerts' }).click();
  await expect(card.getByText('Dismissed')).toHaveCount(1);
  await card.getByRole('button', { name: secondName }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('Dismissed')).toHaveCount(2);
  await expect(card.getByRole('heading', { name: 'Alerts' })).toBeFocused();
});
