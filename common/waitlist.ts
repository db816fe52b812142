/**
 * Waitlist rules shared by the server (tiers, counters) and the public pages (spot bars, headlines).
 * No zod here: every public page imports this, and zod stays out of their first load.
 */

/** The first 50 creators get lifetime free access. */
export const FREE_SPOTS = 50;
/** The next 500 get lifetime access for £5. */
export const LIFETIME_SPOTS = 500;
/** The last place of the tiers: 1–550 are free or £5 for life, promised to whoever keeps them. */
export const TIER_PLACES = FREE_SPOTS + LIFETIME_SPOTS;
/** At or below this many lifetime spots the landing page warns that they are running out. */
export const LOW_LIFETIME_SPOTS = 50;
/** Open pages refresh the counters this often (and after every signup). */
export const COUNTERS_REFRESH_MS = 30_000;

export const WAITLIST_TIERS = ['free', 'lifetime_paid', 'waitlist'] as const;
export type WaitlistTier = (typeof WAITLIST_TIERS)[number];

export const DEFAULT_SIGNUP_SOURCE = 'landing';

export type WaitlistCounters = { freeSpots: number; lifetimeSpots: number; totalSignups: number };

/** Positions are 1-based: 1–50 free, 51–550 lifetime for £5, everyone after that waits. */
export function tierForPosition(position: number): WaitlistTier {
  if (position <= FREE_SPOTS) return 'free';
  if (position <= FREE_SPOTS + LIFETIME_SPOTS) return 'lifetime_paid';
  return 'waitlist';
}

/** Places kept (their address confirmed): in the free tier, in the £5 tier, and in all. */
export type KeptPlaces = { free: number; lifetime: number; total: number };

/**
 * The counters count kept places only: a place held until its address is confirmed may lapse, and then
 * goes back to the queue. With every place kept, they are the spec's counters of a total.
 */
export function countersFor(kept: KeptPlaces): WaitlistCounters {
  return {
    freeSpots: Math.max(0, FREE_SPOTS - kept.free),
    lifetimeSpots: Math.max(0, LIFETIME_SPOTS - kept.lifetime),
    totalSignups: kept.total,
  };
}

/** The counters when the first `total` places are all kept. */
export function countersForTotal(total: number): WaitlistCounters {
  return countersFor({
    free: Math.min(total, FREE_SPOTS),
    lifetime: Math.min(Math.max(0, total - FREE_SPOTS), LIFETIME_SPOTS),
    total,
  });
}

export type SpotsState = 'available' | 'gone' | 'low';

/** Free spots are 'available' while any remain, else 'gone'. */
export function freeSpotsState(freeSpots: number): SpotsState {
  return freeSpots > 0 ? 'available' : 'gone';
}

/** Lifetime spots are 'available' above 50, else 'low' (with a pulsing warning). */
export function lifetimeSpotsState(lifetimeSpots: number): SpotsState {
  return lifetimeSpots > LOW_LIFETIME_SPOTS ? 'available' : 'low';
}
