/**
 * The one clock the server reads. Everything that needs "now" (today's date in London, a link's expiry,
 * a scan's next run, a session's age) is given a `Clock` where it is built: `buildApp` and
 * `startWorkers` take one, defaulting to this real one, and a test passes a fixed or moving one instead.
 * `npm run lint` refuses a bare `new Date()` or `Date.now()` anywhere else in server, common or client
 * code (`scripts/clock-reads.ts`), so no rule can quietly depend on the day a test happens to run.
 * Elapsed time (a retry's backoff, a deadline in a loop) is measured with `performance.now()`, which
 * is not a date.
 */
export type Clock = () => Date;

/** The machine's clock. */
export const systemClock: Clock = () => new Date();
