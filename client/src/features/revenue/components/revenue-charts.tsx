import { formatMonthLabel } from '@common/calendar';
import type { RevenueSummary } from '@common/revenue';
import { sourceLabel } from '@common/revenue-sources';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPounds } from '@/lib/format';
import { SOURCE_COLORS } from '../source-colors';

/** The monthly bars' colour; a month still coming in is drawn paler, with what is not in yet outlined. */
const BAR_COLOR = '#c8f542';
const IN_PROGRESS_COLOR = '#6b7f2a';

/** `notInYet` is left out, not 0, for a month that is in: the tooltip then names only what there is. */
type ChartMonth = { month: string; amount: number; notInYet?: number | undefined; isComplete: boolean };

/**
 * The bars: every month with entries; the month in progress labelled "so far", and a month with a
 * stream not in yet drawn as recorded plus, outlined, what its missing streams usually bring.
 */
function chartMonths(summary: RevenueSummary): ChartMonth[] {
  const { currentMonth, pending } = summary.monthlyIncome;
  const recorded = new Map(summary.monthly.map((month) => [month.month, Number(month.amount)]));
  for (const { month } of pending) if (!recorded.has(month)) recorded.set(month, 0);
  return [...recorded.keys()].sort().map((month) => {
    const notInYet = pending
      .find((item) => item.month === month)
      ?.streams.reduce((sum, stream) => sum + Number(stream.usual), 0);
    return {
      month: `${formatMonthLabel(month)}${month === currentMonth ? ' (so far)' : notInYet ? ' (not all in)' : ''}`,
      amount: recorded.get(month)!,
      notInYet,
      isComplete: month !== currentMonth && !notInYet,
    };
  });
}

const describeMonth = (month: ChartMonth) =>
  `${month.month}: ${formatPounds(month.amount)}${month.notInYet ? `, about ${formatPounds(month.notInYet)} not in yet` : ''}`;

const tooltipStyle = {
  contentStyle: { background: '#111114', border: '1px solid #3f3f46', borderRadius: 8, color: '#fafafa' },
  itemStyle: { color: '#fafafa' },
  labelStyle: { color: '#a1a1aa', fontWeight: 700 },
};
const axisTick = { fill: '#a1a1aa', fontSize: 12 };
const formatPercent = (share = 0) => `${(share * 100).toFixed(0)}%`;

/** The monthly bar chart and the breakdown pie. Loaded on its own so Recharts never slows the page's first paint. */
export default function RevenueCharts({ summary }: { summary: RevenueSummary }) {
  // Figures arrive as exact decimal strings; charts only need them as numbers to draw.
  const months = chartMonths(summary);
  const total = summary.bySource.reduce((sum, source) => sum + Number(source.amount), 0);
  const sources = summary.bySource.map((source) => ({
    name: sourceLabel(source.source),
    value: Number(source.amount),
    fill: SOURCE_COLORS[source.source],
  }));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Monthly Revenue</CardTitle>
        </CardHeader>
        <CardContent>
          <figure aria-label="Revenue by month" data-testid="monthly-chart">
            <BarChart data={months} responsive style={{ width: '100%', height: 280 }} margin={{ left: 8 }}>
              <CartesianGrid stroke="#2a2a31" vertical={false} />
              <XAxis dataKey="month" tick={axisTick} tickLine={false} axisLine={{ stroke: '#3f3f46' }} />
              <YAxis
                tick={axisTick}
                tickLine={false}
                axisLine={false}
                width={72}
                tickFormatter={(value: number) => formatPounds(value)}
              />
              <Tooltip
                {...tooltipStyle}
                cursor={{ fill: 'rgba(200, 245, 66, 0.08)' }}
                formatter={(value, name) => [formatPounds(Number(value)), name]}
              />
              <Bar dataKey="amount" name="Revenue" stackId="month" fill={BAR_COLOR}>
                {months.map((month) => (
                  <Cell key={month.month} fill={month.isComplete ? BAR_COLOR : IN_PROGRESS_COLOR} />
                ))}
              </Bar>
              <Bar
                dataKey="notInYet"
                name="Not in yet (usual)"
                stackId="month"
                fill="transparent"
                stroke={BAR_COLOR}
                strokeDasharray="4 3"
                radius={[4, 4, 0, 0]}
              />
            </BarChart>
            <figcaption className="sr-only">{months.map(describeMonth).join('; ')}</figcaption>
          </figure>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Revenue Breakdown</CardTitle>
        </CardHeader>
        <CardContent>
          <figure aria-label="Revenue by source" data-testid="breakdown-chart">
            <PieChart responsive style={{ width: '100%', height: 240 }}>
              <Pie
                data={sources}
                dataKey="value"
                nameKey="name"
                outerRadius="75%"
                stroke="#09090b"
                // Percent on the chart; the names sit in the legend below, where long ones never clip.
                label={({ percent }) => formatPercent(percent)}
                labelLine={false}
                fontSize={12}
              />
              <Tooltip {...tooltipStyle} formatter={(value) => [formatPounds(Number(value)), 'Amount']} />
            </PieChart>
            <figcaption>
              <ul className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
                {sources.map((source) => (
                  <li key={source.name} className="flex items-center gap-2">
                    <span
                      className="size-3 shrink-0 rounded-sm"
                      style={{ background: source.fill }}
                      aria-hidden="true"
                    />
                    <span>{source.name}</span>
                    <span className="ml-auto font-semibold tabular-nums">
                      {formatPercent(source.value / total)}
                    </span>
                  </li>
                ))}
              </ul>
            </figcaption>
          </figure>
        </CardContent>
      </Card>
    </div>
  );
}
