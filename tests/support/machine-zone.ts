import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the calling file as if the machine were in `zone`: Node reads `TZ` again whenever it is set, so
 * `Date`'s local methods and an `Intl` format made without a zone follow it. The zone the file found is
 * put back after it, for the next file in the same worker.
 */
export function onMachineInZone(zone: string) {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
