import { londonDate } from '../../common/calendar';
import { expect, markScanned, postAsUser, queryDatabase, signUpThroughApi, test } from './fixtures';

test('the alerts card says when figures were last checked and when next, and lists the costliest critical first', async ({
  page,
  context,
}) => {
  // No plan: her own entries are still checked within minutes.
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/revenue', {
    source: 'youtube_ads',
    amount: '900',
    date: londonDate(new Date()),
  });
  await page.goto('/');
  const card = page.getByTestId('alerts-card');
  // Not "all clear" before the scan has looked at what she added.
  await expect(card).toContainText('CHECKING NEW FIGURES');
  await expect(card.getByTestId('alert-checks')).toHaveText(
    /^Not checked yet\. Next check by (\d{1,2} [A-Z][a-z]+ at )?\d\d:\d\d\.$/,
  );

  // The scan has been through (as the planner's run leaves it), twelve minutes ago.
  const owner = `(SELECT id FROM users WHERE email = $1)`;
  await markScanned(email, 12);
  await page.reload();
  await expect(card).toContainText('ALL CLEAR');
  await expect(card.getByTestId('alert-checks')).toHaveText(
    'Last checked 12 minutes ago. Next check within 5 minutes of new figures.',
  );

  // A newer high alert and an older critical one: critical first, then by money at stake.
  await queryDatabase(
    `INSERT INTO alerts (user_id, severity, platform, title, description, cause, at_stake_pence, created_at)
     VALUES (${owner}, 'high', 'youtube', 'YouTube Ads revenue fell 40%', 'x', 'test:high', 65600, now()),
            (${owner}, 'critical', 'youtube', 'YouTube Ads revenue fell 70%', 'x', 'test:critical', 115000, now() - interval '2 hours')`,
    [email],
  );
  await page.reload();
  await expect(card.getByTestId('alert')).toHaveCount(2);
  await expect(card.getByTestId('alert').first()).toContainText('YouTube Ads revenue fell 70%');
});
