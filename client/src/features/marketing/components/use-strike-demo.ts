import { useEffect, useState } from 'react';
import { STRIKE_DEMO } from '../content';

export type StrikePhase = 'standby' | 'strike' | 'complete';

const TOTAL_STEPS = STRIKE_DEMO.rampMs / STRIKE_DEMO.stepMs;

/**
 * The demo's clock: standby for about a second, then phase 1 (the strike) ramps from 0 to 100% in
 * 200 ms steps over 3 s, then phase 2 (complete). Each counter climbs from its value to its cap.
 */
export function useStrikeDemo() {
  const [phase, setPhase] = useState<StrikePhase>('standby');
  const [step, setStep] = useState(0);

  useEffect(() => {
    let ramp: ReturnType<typeof setInterval> | undefined;
    let done = 0;
    const start = setTimeout(() => {
      setPhase('strike');
      ramp = setInterval(() => {
        done += 1;
        setStep(done);
        if (done >= TOTAL_STEPS) {
          clearInterval(ramp);
          setPhase('complete');
        }
      }, STRIKE_DEMO.stepMs);
    }, STRIKE_DEMO.startDelayMs);
    return () => {
      clearTimeout(start);
      clearInterval(ramp);
    };
  }, []);

  const progress = step / TOTAL_STEPS;
  const counters = STRIKE_DEMO.counters.map((counter) => ({
    ...counter,
    shown: counter.value + Math.round((counter.cap - counter.value) * progress),
  }));
  return { phase, progressPercent: Math.round(progress * 100), counters };
}
