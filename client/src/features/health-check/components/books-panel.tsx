import type { HealthCheck } from '@common/health-check';
import { Card } from '@/components/ui/card';
import { formatPounds } from '@/lib/format';

const PLATFORM_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};
const percent = (share: number, decimals = 0) => `${(share * 100).toFixed(decimals)}%`;

/**
 * What the books show beside the scores: who pays, in what money, what is falling now and which
 * audience earns nothing. Each line states the measure; the recommendations say what to do about it.
 */
export function BooksPanel({ result }: { result: HealthCheck }) {
  const findings = result.findings;
  if (!findings || result.basis !== 'revenue') return null;
  const { payers, currency, liveFalls, untapped } = findings;
  const lines: { key: string; text: string }[] = [];
  for (const fall of liveFalls) {
    lines.push({
      key: `fall-${fall.platform}-${fall.title}`,
      text: `Happening now: ${fall.title}${fall.atStake ? `, about ${formatPounds(fall.atStake)} a month` : ''}.`,
    });
  }
  lines.push({
    key: 'payer',
    text: payers.largest
      ? `Largest payer: ${payers.largest.name}, ${formatPounds(payers.largest.monthly)} a month (${percent(payers.largest.share)} of your income). Concentration by payer (HHI) ${payers.hhi.toFixed(2)}.`
      : 'No payer is named on your entries: add who paid under "From" to see how much rides on one client.',
  });
  lines.push({
    key: 'currency',
    text:
      currency.foreignShare > 0
        ? `${percent(currency.foreignShare, 1)} of your income (${formatPounds(currency.foreignMonthly)} a month) is paid in ${currency.currencies.join(', ')}; a 10% rise in the pound would cost about ${formatPounds(currency.tenPercentMove)} a month.`
        : 'All of your income is paid in pounds.',
  });
  if (untapped.length > 0) {
    const followers = untapped.reduce((sum, each) => sum + each.followers, 0);
    lines.push({
      key: 'untapped',
      text: `${followers.toLocaleString('en-GB')} followers earn you nothing: ${untapped
        .map(
          (each) =>
            `${each.followers.toLocaleString('en-GB')} on ${PLATFORM_NAMES[each.platform] ?? each.platform}`,
        )
        .join(', ')}.`,
    });
  }
  if (findings.unmeasured.length > 0) {
    lines.push({
      key: 'unmeasured',
      text: `Not measured yet: ${findings.unmeasured.map((platform) => PLATFORM_NAMES[platform] ?? platform).join(', ')} (connect it or upload a screenshot of its followers).`,
    });
  }
  return (
    <Card className="grid gap-3 p-6" data-testid="books-panel">
      <h2 className="text-xl font-bold">What your books show</h2>
      <ul className="grid list-disc gap-2 pl-5">
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </Card>
  );
}
