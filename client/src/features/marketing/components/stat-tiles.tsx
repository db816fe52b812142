import { cn } from '@/lib/utils';
import { STATS } from '../content';

/** The four headline numbers as tiles (landing hero, not-found page). */
export function StatTiles({ className }: { className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4', className)}>
      {STATS.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse justify-end gap-1 rounded-lg border bg-card p-4"
        >
          <dt className="text-sm font-semibold text-muted-foreground">{stat.label}</dt>
          <dd className="font-display text-2xl font-black text-primary sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
