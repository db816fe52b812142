import { londonDate, monthsBefore } from '../../common/calendar';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  markScanned,
  postAsUser,
  queryDatabase,
  signUpThroughApi,
  test,
} from './fixtures';

/** 'YYYY-MM' `back` months before this London month. */
const monthBack = (back: number) => monthsBefore(londonDate(new Date()).slice(0, 7), back);

const answers = {
  platforms: ['youtube', 'instagram', 'tiktok'],
  primaryPlatform: 'youtube',
  contentNiche: 'Tech reviews',
  audienceSize: '100k+',
  monthlyRevenue: '5000-10000',
  currentStreams: [
    'ad_revenue',
    'sponsorships',
    'affiliate_marketing',
    'product_sales',
    'membership_patreon',
  ],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  // Unticked: a sixth recommendation, which waits behind "Show 1 more".
  hasAnalytics: false,
};

/**
 * The walkthrough's UK tech reviewer: AdSense, a US agency's sponsorships and Amazon's commission paid
 * in dollars, Patreon and a Gumroad preset pack, a month as he records them. The dollars are valued at
 * the rates the stand-in ECB serves, so the pounds are read back from what the app stored.
 */
const MONTH = [
  { source: 'youtube_ads', amount: '1500.00' },
  { source: 'youtube_sponsors', amount: '2650.00', currency: 'USD', payer: 'Northlight Creator Agency' },
  { source: 'affiliate_marketing', amount: '760.00', currency: 'USD', payer: 'Amazon Associates' },
  { source: 'memberships', amount: '700.00', description: 'Patreon' },
  { source: 'digital_products', amount: '600.00', description: 'Gumroad presets' },
];

/** A month's pence in whole pounds, rounded as the app rounds them (half away from zero). */
const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(
    Math.round(pence) / 100,
  );

test('the walkthrough’s creator: the health check names his agency, his dollars, his fall and his idle followers, and the blueprint follows them', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/user/onboarding', answers);
  // Three months in, each recorded as he typed it; last month's money is not in yet.
  const stored: { source: string; amount: string }[] = [];
  for (const back of [4, 3, 2]) {
    for (const entry of MONTH) {
      const saved = await postAsUser(context, '/api/revenue', { ...entry, date: `${monthBack(back)}-15` });
      stored.push(saved as { source: string; amount: string });
    }
  }
  // Counted in pence, as the app counts: a sum of decimals drifts off a half penny.
  const penceOf = (entry: { amount: string }) => Math.round(Number(entry.amount) * 100);
  const total = stored.reduce((sum, entry) => sum + penceOf(entry), 0);
  const of = (source: string) =>
    stored.filter((entry) => entry.source === source).reduce((sum, entry) => sum + penceOf(entry), 0);
  const agency = of('youtube_sponsors');
  const dollars = agency + of('affiliate_marketing');

  // What his connections read (followers as last synced), and the fall his alerts see now.
  await queryDatabase(
    `INSERT INTO platform_metrics (user_id, platform, source, metric, value, kind, scope, recorded_at)
     SELECT id, p.platform, 'sync', p.metric, p.value, 'total', 'account', now() - interval '1 hour'
     FROM users, (VALUES ('youtube', 'subscribers', 210000), ('instagram', 'followers', 41000),
                         ('tiktok', 'followers', 96000)) AS p(platform, metric, value)
     WHERE email = $1`,
    [email],
  );
  await markScanned(email);
  await queryDatabase(
    `WITH creator AS (SELECT id FROM users WHERE email = $1),
     cause AS (INSERT INTO alert_causes (user_id, cause) SELECT id, 'metric:youtube:fall' FROM creator)
     INSERT INTO alerts (user_id, severity, platform, title, description, mitigation_strategy, cause, fall_percent)
     SELECT id, 'high', 'youtube', 'YouTube views are 5,200 a day below usual (−39%) since 23 Nov',
            'Since 23 November: views 8,100 a day against a usual 13,300.',
            'Reach fell while ad rates held: look at what changed in how your recent videos are shown.',
            'metric:youtube:fall', 39
     FROM creator`,
    [email],
  );

  await page.goto('/health-check');
  await page.getByRole('button', { name: 'Run health check' }).click();
  await expectToast(page, 'Health Check Complete');

  const books = page.getByTestId('books-panel');
  await expect(books).toContainText(
    `Largest payer: Northlight Creator Agency, ${pounds(agency / 3)} a month (${Math.round((agency / total) * 100)}% of your income).`,
  );
  await expect(books).toContainText(`${((dollars / total) * 100).toFixed(1)}% of your income`);
  await expect(books).toContainText(
    '137,000 followers earn you nothing: 96,000 on TikTok, 41,000 on Instagram.',
  );
  await expect(books).toContainText(
    'Happening now: YouTube views are 5,200 a day below usual (−39%) since 23 Nov',
  );
  await expect(page.getByTestId('income-at-risk')).toContainText('Happening now:');
  await expect(page.getByTestId('income-at-risk')).not.toContainText('What you would lose if');

  // One recommendation per risk, the largest sum first, each in his figures.
  const recommendations = page.locator('#recommendation-list > li');
  await expect(recommendations).toHaveCount(5);
  await expect(recommendations.nth(0)).toContainText('Find sponsors beside Northlight Creator Agency');
  await expect(recommendations.nth(0)).toContainText(
    `Sponsorships through Northlight Creator Agency are ${pounds(agency / 3)} a month`,
  );
  const titles = await recommendations.locator('h3').allTextContents();
  expect(titles).toEqual(
    expect.arrayContaining([
      'Act on the fall on YouTube now',
      'Earn from your 137,000 followers on TikTok and Instagram',
      `Protect the ${((dollars / total) * 100).toFixed(1)}% of your income paid in US dollars`,
    ]),
  );
  const sums = (await recommendations.getByTestId('at-stake').allTextContents()).map((text) =>
    Number(text.replace(/[£,]/g, '').split(' ')[0]),
  );
  expect([...sums].sort((a, b) => b - a)).toEqual(sums);
  await expect(page.getByText('an email list or a product')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  // Beyond five, the rest wait behind "more": here the one with no money behind it.
  await page.getByRole('button', { name: 'Show 1 more' }).click();
  await expect(recommendations).toHaveCount(6);
  await expect(recommendations.nth(5)).toContainText('Check your analytics every week');
  await expect(page.getByRole('button', { name: 'Show the top five only' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // The blueprint follows the books: deals beside the agency, then paid posts where he earns nothing.
  await page.getByRole('link', { name: 'Get your AI blueprint' }).click();
  await page.getByRole('button', { name: 'Generate my blueprint' }).click();
  await expectToast(page, 'Blueprint Generated!');
  await expect(page.getByTestId('week-card-1').getByRole('heading')).toHaveText(
    'Line up deals beside Northlight Creator Agency',
  );
  await expect(page.getByTestId('week-card-1')).toContainText('First, the fall under way');
  await expect(page.getByTestId('week-card-3').getByRole('heading')).toHaveText(
    'Get TikTok and Instagram ready for brands',
  );
  await expect(page.getByText(/^£0 – £\d/)).toBeVisible();
  await expect(page.getByTestId('projection-basis')).toContainText('The low end is £0');
  await expect(page.getByText(/second home|start an email list/i)).toHaveCount(0);
});

test('an entry says who paid, and the form offers the name again', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add your first entry' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  await form.getByLabel('Source').selectOption('youtube_sponsors');
  await form.getByLabel('Amount (£)').fill('1200.00');
  await form.getByLabel('Date').fill(`${monthBack(1)}-14`);
  await form.getByLabel('From (optional)').fill('Northlight Creator Agency');
  await form.getByRole('button', { name: 'Save and add another' }).click();
  await expectToast(page, 'Revenue Added');
  // The name used before is offered under "From".
  await expect(form.getByLabel('From (optional)')).toHaveValue('');
  await expect(form.locator('datalist option')).toHaveCount(1);
  await expect(form.locator('datalist option').first()).toHaveAttribute('value', 'Northlight Creator Agency');
  await expect(page.getByTestId('revenue-entry').first()).toContainText('from Northlight Creator Agency');
  await expectNoAccessibilityViolations(page);
});
