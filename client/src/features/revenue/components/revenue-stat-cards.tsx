import type { RevenueSummary } from '@common/revenue';
import { Card } from '@/components/ui/card';
import { formatPounds } from '@/lib/format';

function StatCard({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-xs font-bold tracking-wide text-muted-foreground uppercase sm:text-sm">{label}</h2>
      <p className="mt-2 font-display text-2xl font-black tracking-tight tabular-nums sm:text-3xl">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </Card>
  );
}

/** Total all time, this month, streams (distinct sources) and the average per stream. */
export function RevenueStatCards({ summary }: { summary: RevenueSummary }) {
  return (
    <section aria-label="Revenue figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Revenue" value={formatPounds(summary.totalAmount)} note="All time" />
      <StatCard
        label="This Month"
        value={formatPounds(summary.thisMonthAmount)}
        note="So far: the month is in progress"
      />
      <StatCard label="Revenue Streams" value={String(summary.streamCount)} note="Different sources" />
      <StatCard
        label="Avg per Stream"
        value={formatPounds(summary.averagePerStream)}
        note="Total divided by streams"
      />
    </section>
  );
}
