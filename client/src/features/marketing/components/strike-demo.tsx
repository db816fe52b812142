import { type Ref, useId } from 'react';
import { JoinWaitlistButton } from '@/features/waitlist/public';
import { cn } from '@/lib/utils';
import { STRIKE_DEMO } from '../content';
import { type StrikePhase, useStrikeDemo } from './use-strike-demo';

const STATUS: Record<StrikePhase, string> = {
  standby: STRIKE_DEMO.standby,
  strike: STRIKE_DEMO.inProgress,
  complete: STRIKE_DEMO.complete,
};

/** The animated strike: what an algorithm change does to a creator's numbers, then the way out. */
export function StrikeDemo({ sectionRef }: { sectionRef?: Ref<HTMLElement> }) {
  const { phase, progressPercent, counters } = useStrikeDemo();
  const titleId = useId();
  const isComplete = phase === 'complete';

  return (
    <section
      ref={sectionRef}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="scroll-mt-20 border-y bg-card outline-none"
    >
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:py-20">
        <div className="grid gap-3">
          <p className="text-sm font-bold uppercase tracking-widest text-accent">Live simulation</p>
          <h2 id={titleId} className="font-display text-3xl font-black uppercase tracking-tight sm:text-5xl">
            Watch an algorithm strike happen
          </h2>
        </div>

        <div className="grid gap-6 rounded-xl border-2 border-destructive/60 bg-background p-5 sm:p-8">
          <p
            aria-live="polite"
            data-phase={phase}
            className={cn(
              'flex items-center gap-3 font-display text-lg font-black uppercase tracking-tight sm:text-2xl',
              phase === 'strike' && 'text-destructive',
              isComplete && 'text-primary',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-3 shrink-0 rounded-full',
                phase === 'standby' && 'bg-muted-foreground',
                phase === 'strike' && 'animate-ping bg-destructive',
                isComplete && 'bg-primary',
              )}
            />
            {STATUS[phase]}
          </p>

          <div
            role="progressbar"
            aria-label="Strike progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressPercent}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-destructive" style={{ width: `${progressPercent}%` }} />
          </div>

          <dl className="grid gap-4 sm:grid-cols-3">
            {counters.map((counter) => (
              <div key={counter.id} className="grid gap-2 rounded-lg border bg-card p-4">
                <dt className="text-sm font-bold uppercase tracking-wide text-muted-foreground">
                  {counter.label}
                </dt>
                <dd className="font-display text-4xl font-black text-destructive tabular-nums sm:text-5xl">
                  {`-${counter.shown}%`}
                </dd>
                <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
                  <div
                    className="h-full bg-destructive"
                    style={{ width: `${(counter.shown / counter.cap) * 100}%` }}
                  />
                </div>
              </div>
            ))}
          </dl>

          {/* Always laid out, shown in phase 2: appearing late must not push the page around. */}
          <div
            className={cn(
              'grid gap-4 border-t pt-6 sm:grid-cols-[1fr_auto] sm:items-center',
              !isComplete && 'invisible',
            )}
          >
            <div className="grid gap-2">
              <p className="text-xl font-extrabold">{STRIKE_DEMO.rescueTitle}</p>
              <p className="text-muted-foreground">{STRIKE_DEMO.rescue}</p>
            </div>
            <JoinWaitlistButton>Don’t wait for your strike</JoinWaitlistButton>
          </div>
        </div>
      </div>
    </section>
  );
}
