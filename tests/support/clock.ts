import type { Clock } from '../../server/clock';

/** The app's clock in a test: it says the instant the test chose, and can be moved. */
export type TestClock = Clock & {
  /** Moves the clock to this instant (it runs on from there when the clock runs). */
  set(instant: string | Date): void;
};

/**
 * A clock pinned to `instant` that runs on with real time from there, for tests that need a day but
 * also what happens over seconds (a session signed in, a link used, a job picked up). A test that
 * depends on a date says which: it passes one of these to the app (`deps.now`) and builds its dates
 * from it, so it answers the same on any day the suite runs, in any zone.
 */
export function runningClockAt(instant: string | Date): TestClock {
  let base = new Date(instant).getTime();
  let startedAt = performance.now();
  const clock = () => new Date(base + (performance.now() - startedAt));
  clock.set = (next: string | Date) => {
    base = new Date(next).getTime();
    startedAt = performance.now();
  };
  return clock;
}

/** A clock that says `instant` until it is moved, for rules that compare exact instants. */
export function stoppedClockAt(instant: string | Date): TestClock {
  let at = new Date(instant);
  const clock = () => new Date(at);
  clock.set = (next: string | Date) => {
    at = new Date(next);
  };
  return clock;
}
