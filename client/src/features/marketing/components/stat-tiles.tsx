import { useWaitlistCounters } from '@/features/waitlist/public';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { cn } from '@/lib/utils';
import { STATS } from '../content';

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse justify-end gap-1 rounded-lg border bg-card p-4">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="font-display text-2xl font-black text-primary sm:text-3xl">{value}</dd>
    </div>
  );
}

/**
 * The headline numbers as tiles (landing hero, not-found page). How many creators are waiting is the
 * live count from the waitlist counters, never a fixed claim (decision 032).
 */
export function StatTiles({ className }: { className?: string }) {
  const { data: counters } = useWaitlistCounters();
  // The prerendered page holds no count: the live one shows once React has taken the page over.
  const isHydrated = useIsHydrated();
  const waiting = isHydrated ? counters?.totalSignups : undefined;
  return (
    <dl className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4', className)}>
      <Stat
        value={waiting === undefined ? '…' : waiting.toLocaleString('en-GB')}
        label={waiting === 1 ? 'creator waiting' : 'creators waiting'}
      />
      {STATS.map((stat) => (
        <Stat key={stat.label} value={stat.value} label={stat.label} />
      ))}
    </dl>
  );
}
