import type { HealthRecommendation } from '@common/health-check';
import { describe, expect, it } from 'vitest';
import { computeHealth } from './engine';
import { CONTRASTING_CREATORS, type CreatorBooks, healthInputsOf, WALKTHROUGH_CREATOR } from './test-support';

const check = (books: CreatorBooks) => computeHealth(healthInputsOf(books));
const titles = (list: HealthRecommendation[]) => list.map((item) => item.title);
const pence = (item: HealthRecommendation) => Math.round(Number(item.atStake ?? '0') * 100);

/** The advice the books call for, by a word of its title. */
const KINDS = {
  payer: /beside/,
  currency: /paid in/,
  untapped: /^Earn from your/,
  fall: /^Act on the fall/,
} as const;
const kindsOf = (list: HealthRecommendation[]) =>
  (Object.keys(KINDS) as (keyof typeof KINDS)[]).filter((kind) =>
    list.some((item) => KINDS[kind].test(item.title)),
  );

describe('what the books show: the walkthrough’s creator', () => {
  const result = check(WALKTHROUGH_CREATOR);

  it('measures one agency at 37% of £5,347, 47.6% in dollars and 137,000 followers earning nothing', () => {
    expect(result.monthlyRevenuePence).toBe(534_700);
    expect(result.findings.payers.largest).toMatchObject({
      name: 'Northlight Creator Agency',
      pencePerMonth: 198_000,
    });
    expect(result.findings.payers.largest!.share).toBeCloseTo(0.3703, 4);
    expect(result.findings.currency.foreignShare).toBeCloseTo(0.4763, 4);
    expect(result.findings.currency.foreignPencePerMonth).toBe(254_700);
    // £2,547 buys 1/1.1 of the pounds it did: £231.55 less.
    expect(result.findings.currency.tenPercentMovePence).toBe(23_155);
    expect(result.findings.untapped).toEqual([
      { platform: 'tiktok', followers: 96_000, worthPencePerMonth: 19_200 },
      { platform: 'instagram', followers: 41_000, worthPencePerMonth: 8_200 },
    ]);
    // YouTube's views fell 39% and it pays £1,500 of AdSense: £585 a month.
    expect(result.findings.liveFalls[0]!.pencePerMonth).toBe(58_500);
  });

  it('gives one recommendation per risk, largest sum first, each in his own figures', () => {
    const list = result.recommendations;
    expect(titles(list)).toEqual([
      'Find sponsors beside Northlight Creator Agency',
      'Reduce your dependence on YouTube',
      'Act on the fall on YouTube now',
      'Earn from your 137,000 followers on TikTok and Instagram',
      'Protect the 47.6% of your income paid in US dollars',
    ]);
    const sums = list.map(pence);
    expect([...sums].sort((a, b) => b - a)).toEqual(sums);
    expect(list[0]!.description).toContain(
      'Sponsorships through Northlight Creator Agency are £1,980 a month, 37% of your income',
    );
    expect(list[0]!.description).toContain('cap a lost contract at £990 a month');
    expect(list[2]!.description).toMatch(
      /^YouTube views are 5,200 a day below usual \(−39%\) since 23 Nov: this is under way/,
    );
    expect(list[3]!.description).toContain('96,000 on TikTok and 41,000 on Instagram');
    expect(list[3]!.description).toContain('about £274 a month');
    expect(list[4]!.description).toContain('£2,547 a month, arrives in US dollars');
    expect(list[4]!.description).toContain('about £232 a month less');
  });

  it('speaks of the fall as a fact, and never advises what he already does', () => {
    const dependency = result.recommendations.find((item) => item.title.startsWith('Reduce'))!;
    expect(dependency.description).not.toContain('would cost');
    expect(dependency.description).toContain('already falling');
    expect(dependency.description).toContain('and Digital Products at £600 a month: send more');
    expect(dependency.description).not.toContain('an email list or a product');
    expect(titles(result.recommendations)).not.toContain('Launch an income stream you own');
    expect(titles(result.recommendations)).not.toContain('Publish on a second platform');
  });
});

describe('contrasting books get what theirs call for, and nothing else', () => {
  const cases: [keyof typeof CONTRASTING_CREATORS, (keyof typeof KINDS)[]][] = [
    ['onePayerAtForty', ['payer']],
    ['halfInDollars', ['currency']],
    ['largeTikTokUnpaid', ['untapped']],
    ['liveFall', ['fall']],
    ['diversified', []],
  ];
  it.each(cases)('%s', (name, expected) => {
    const result = check(CONTRASTING_CREATORS[name]);
    expect(kindsOf(result.recommendations)).toEqual(expected);
  });

  it('one payer at 40%: the payer’s £2,000 a month leads', () => {
    const [first] = check(CONTRASTING_CREATORS.onePayerAtForty).recommendations;
    expect(first).toMatchObject({
      title: 'Find sponsors beside Brightwave Media',
      priority: 'high',
      atStake: '2000.00',
    });
    expect(first!.description).toContain('£2,000 a month, 40% of your income');
  });

  it('half in dollars: a 10% rise in the pound costs £227 a month', () => {
    const result = check(CONTRASTING_CREATORS.halfInDollars);
    const advice = result.recommendations.find((item) => KINDS.currency.test(item.title))!;
    expect(advice.title).toBe('Protect the 50.0% of your income paid in US dollars');
    expect(advice.atStake).toBe('227.27');
  });

  it('a live fall is stated with its cost, and the platform’s reach is not asked about as a hypothesis', () => {
    const result = check(CONTRASTING_CREATORS.liveFall);
    const [first] = result.recommendations;
    expect(first).toMatchObject({ title: 'Act on the fall on YouTube now', atStake: '1080.00' });
    expect(first!.description).toBe(
      'YouTube Ads revenue fell 45%: this is under way, not a forecast. At this rate it costs you about £1,080 a month. Check YouTube Studio for a fall in views against your usual.',
    );
    const dependency = result.recommendations.find((item) => item.title.startsWith('Reduce'))!;
    expect(dependency.description).not.toContain('would cost');
  });

  it('a platform named at onboarding that pays nothing, and whose followers nothing has read, is to be measured', () => {
    const books = {
      ...CONTRASTING_CREATORS.largeTikTokUnpaid,
      audience: [{ platform: 'youtube', followers: 60_000 }],
    };
    const result = check(books);
    expect(result.findings.untapped).toEqual([]);
    expect(result.findings.unmeasured).toEqual(['tiktok']);
    expect(result.recommendations.at(-1)).toMatchObject({
      title: 'Measure your audience on TikTok',
      priority: 'low',
    });
    // Under 1,000 followers by the answers, there is nothing to measure yet.
    const small = check({ ...books, answers: { ...books.answers, audienceSize: '0-1k' } });
    expect(small.findings.unmeasured).toEqual([]);
  });

  it('the diversified creator is told to keep the mix', () => {
    expect(titles(check(CONTRASTING_CREATORS.diversified).recommendations)).toEqual([
      'Keep your mix, and re-check monthly',
    ]);
  });
});
