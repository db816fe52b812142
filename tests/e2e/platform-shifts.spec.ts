import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  queryDatabase,
  signInWithEmailLinkThroughApi,
  test,
} from './fixtures';
import { E2E_OPERATOR_EMAIL } from './operator';

/**
 * 24 creators connected to Instagram whose daily views halved over the last four days, written as the
 * daily sync writes them, and the shifts job sent as its schedule sends it (its next tick may be
 * minutes away).
 */
async function seedInstagramFall(tag: string) {
  await queryDatabase(
    `WITH creators AS (
       SELECT 'e2e-shift-' || $1 || '-' || n AS user_id, gen_random_uuid() AS connection_id, n
       FROM generate_series(1, 24) n
     ), users_added AS (
       -- Channels with 40 days of history joined before it: they are not among the console's recent sign-ups.
       INSERT INTO users (id, email, created_at)
       SELECT user_id, user_id || '@ballast.test', now() - interval '60 days' FROM creators
     ), connections AS (
       INSERT INTO platform_connections (id, user_id, platform, platform_user_id, platform_username, is_verified)
       SELECT connection_id, user_id, 'instagram', user_id, user_id, true FROM creators
     )
     INSERT INTO platform_metrics (user_id, platform, source, connection_id, metric, value, day)
     SELECT user_id, 'instagram', 'sync', connection_id, 'views',
            (5000 + n * 100) * CASE WHEN ago <= 4 THEN 0.5 ELSE 1 END * (0.95 + (ago % 3) * 0.05),
            (now() AT TIME ZONE 'Europe/London')::date - ago
     FROM creators, generate_series(1, 40) ago`,
    [tag],
  );
  await queryDatabase("INSERT INTO pgboss.job (name, data) VALUES ('platform-shifts', '{}')");
}

test('an operator sees a fall shared across creators and publishes its drafted bulletin', async ({
  page,
  context,
}) => {
  await seedInstagramFall(String(Date.now()));
  await expect
    .poll(
      async () =>
        (
          await queryDatabase<{ status: string }>(
            "SELECT status FROM platform_shifts WHERE platform = 'instagram' AND is_open",
          )
        ).map((row) => row.status),
      { timeout: 30_000 },
    )
    .toEqual(['detected']);

  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Bulletins' }).click();
  const shifts = page.getByRole('region', { name: 'Falls across creators' });
  const shift = shifts.getByRole('group', { name: /^Instagram shift since / });
  await expect(shift).toContainText('Waiting for review');
  await expect(shift).toContainText('Creators compared');
  await expect(shift).toContainText('24');
  await expectNoAccessibilityViolations(page);

  await shift.getByRole('button', { name: 'Draft bulletin' }).click();
  // Focus follows to the drafted bulletin: the pressed button is disabled now.
  await expect(page.getByRole('heading', { name: 'Bulletin for a shared fall' })).toBeFocused();
  await expect(page.getByLabel('Platform')).toHaveValue('instagram');
  await expect(page.getByLabel('Title')).toHaveValue(/^Instagram views fell for most creators from /);
  await page.getByLabel('Title').fill('Instagram reach fell across accounts this week');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByLabel('Preview')).toContainText('Instagram reach fell across accounts this week');
  await page.getByRole('button', { name: /^Publish to \d+ creators? on Instagram$/ }).click();
  await expectToast(page, 'Bulletin Published');

  await expect(shift).toContainText('Bulletin published');
  await expect(shift.getByRole('button', { name: 'Draft bulletin' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Published' })).toContainText(
    'Instagram reach fell across accounts this week',
  );
});
