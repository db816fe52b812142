import { formatCalendarDate } from '@common/calendar';
import type { RevenueEntry } from '@common/revenue';
import { sourceLabel } from '@common/revenue-sources';
import { Link } from 'wouter';
import { formatPence } from '@/lib/format';
import { CardMessage, DashboardCard } from './dashboard-card';

const ENTRIES_SHOWN = 5;

/**
 * The revenue card lists 5 entries, the most recent first. Titled for what it lists; the
 * breakdown by source is the pie on the revenue screen.
 */
export function RevenueBreakdownCard({ entries }: { entries: RevenueEntry[] | undefined }) {
  return (
    <DashboardCard
      title="Recent Revenue"
      link={{ href: '/dashboard', label: 'All revenue' }}
      testId="revenue-card"
    >
      {entries === undefined ? (
        <CardMessage>Loading...</CardMessage>
      ) : entries.length === 0 ? (
        <div className="grid gap-3">
          <CardMessage>No revenue entries yet. Start tracking your income!</CardMessage>
          <Link href="/dashboard" className="font-semibold text-primary hover:underline">
            Add your first entry
          </Link>
        </div>
      ) : (
        <ul className="divide-y">
          {entries.slice(0, ENTRIES_SHOWN).map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-semibold">{sourceLabel(entry.source)}</span>
                <span className="block text-xs text-muted-foreground">{formatCalendarDate(entry.date)}</span>
              </span>
              <span className="font-bold tabular-nums">{formatPence(entry.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
