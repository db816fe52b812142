import { useWaitlistCounters } from '@/features/waitlist/public';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { spotsBadge } from '../content';

/**
 * "550 spots → N left", with N the live free and £5 places left together, so it never contradicts the spot
 * bars (decisions 032, 045). It stays on screen in a strip of its own that sticks under the top bar, as
 * part of it: a badge fixed over the page covered the hero's buttons on a phone and a stat tile on a
 * desktop. The strip keeps its height before the count is known, so nothing moves when it arrives.
 */
export function SpotsBadge() {
  const { data: counters } = useWaitlistCounters();
  const isHydrated = useIsHydrated();
  const isKnown = counters !== undefined && isHydrated;
  return (
    <div data-testid="spots-strip" className="sticky top-16 z-30 bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-10 max-w-6xl items-center justify-end px-4">
        {isKnown && (
          <p
            data-testid="spots-badge"
            className="rounded-full bg-accent px-3 py-1 text-xs font-black uppercase tracking-wide text-accent-foreground"
          >
            {spotsBadge(counters.freeSpots + counters.lifetimeSpots)}
          </p>
        )}
      </div>
    </div>
  );
}
