import { useWaitlistCounters } from '@/features/waitlist/public';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { spotsBadge } from '../content';

/**
 * The badge fixed to the landing page: "500 spots → N left" with N the live lifetime count,
 * so it never contradicts the spot bars (decision 032). Nothing shows until the count is known.
 */
export function SpotsBadge() {
  const { data: counters } = useWaitlistCounters();
  const isHydrated = useIsHydrated();
  if (!counters || !isHydrated) return null;
  return (
    <p
      data-testid="spots-badge"
      className="pointer-events-none fixed right-3 bottom-3 z-30 rounded-full border-2 border-background bg-accent px-3 py-1.5 text-xs font-black uppercase tracking-wide text-accent-foreground shadow-lg"
    >
      {spotsBadge(counters.lifetimeSpots)}
    </p>
  );
}
