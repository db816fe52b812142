import {
  FREE_SPOTS,
  freeSpotsState,
  LIFETIME_SPOTS,
  lifetimeSpotsState,
  type SpotsState,
} from '@common/waitlist';
import { useId } from 'react';
import { JoinWaitlistButton, useWaitlistCounters } from '@/features/waitlist/public';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { cn } from '@/lib/utils';
import { SPOTS_COPY } from '../landing-copy';

function SpotsBar(props: { title: string; detail: string; left: number; of: number; state: SpotsState }) {
  const { title, detail, left, of, state } = props;
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-5">
      <div className="flex items-baseline justify-between gap-4">
        <h3 className="text-lg font-extrabold">{title}</h3>
        <span
          data-state={state}
          className={cn(
            'rounded-sm px-2 py-0.5 text-xs font-black uppercase tracking-widest',
            state === 'available' && 'bg-success text-background',
            state === 'gone' && 'bg-muted text-muted-foreground',
            state === 'low' && 'bg-warning text-background',
          )}
        >
          {state}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{detail}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; <meter> cannot be styled alike across browsers */}
      <div
        role="meter"
        aria-label={`${title}: spots left`}
        aria-valuemin={0}
        aria-valuemax={of}
        aria-valuenow={left}
        aria-valuetext={`${left} of ${of} left`}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full', state === 'low' ? 'bg-warning' : 'bg-primary')}
          style={{ width: `${(left / of) * 100}%` }}
        />
      </div>
      <p className="font-display text-2xl font-black tabular-nums">
        {left} <span className="text-base text-muted-foreground">of {of} left</span>
      </p>
    </div>
  );
}

/** Free and lifetime spots from the live counters, with a warning that pulses once they run low. */
export function LimitedSpots() {
  const query = useWaitlistCounters();
  // This section hydrates after the hero, whose tiles may have fetched the counters already: it shows
  // them once hydrated, so the first render matches the prerendered "Loading spots...".
  const isHydrated = useIsHydrated();
  const counters = isHydrated ? query.data : undefined;
  const isError = isHydrated && query.isError;
  const titleId = useId();
  const lifetimeState = counters ? lifetimeSpotsState(counters.lifetimeSpots) : 'available';

  return (
    <section aria-labelledby={titleId} className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-16 sm:py-20">
      <div className="grid gap-3">
        <p className="text-sm font-bold uppercase tracking-widest text-accent">Limited beta</p>
        <h2 id={titleId} className="font-display text-3xl font-black uppercase tracking-tight sm:text-5xl">
          Claim your spot before it’s gone
        </h2>
        <p className="max-w-2xl text-lg text-muted-foreground">
          {SPOTS_COPY.reducing} {SPOTS_COPY.beta}
        </p>
      </div>
      {/* Same height while loading and loaded, so nothing below it jumps. */}
      <div className="grid min-h-64 gap-4 md:grid-cols-2">
        {counters ? (
          <>
            <SpotsBar
              title={SPOTS_COPY.free.title}
              detail={SPOTS_COPY.free.detail}
              left={counters.freeSpots}
              of={FREE_SPOTS}
              state={freeSpotsState(counters.freeSpots)}
            />
            <SpotsBar
              title={SPOTS_COPY.lifetime.title}
              detail={SPOTS_COPY.lifetime.detail}
              left={counters.lifetimeSpots}
              of={LIFETIME_SPOTS}
              state={lifetimeState}
            />
          </>
        ) : (
          <p role="status" className="text-muted-foreground md:col-span-2">
            {isError
              ? 'Spot counts are unavailable right now. They will be back in a moment.'
              : 'Loading spots...'}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <JoinWaitlistButton>Claim my spot</JoinWaitlistButton>
        {counters && lifetimeState === 'low' && (
          <p className="animate-pulse-warning font-bold text-warning" data-testid="low-spots-warning">
            {counters.lifetimeSpots > 0
              ? `Only ${counters.lifetimeSpots} lifetime spots left!`
              : 'Every lifetime spot is taken: join the waitlist for the next release.'}
          </p>
        )}
      </div>
    </section>
  );
}
