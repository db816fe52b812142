import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { waitUntil } from '../../../tests/support/wait';
import { QUEUES } from '../../jobs/boss';
import { cohortWindows, measureCohort } from './cohort-store';
import { startShiftDetection } from './job';
import { detectShifts, explainFall } from './service';
import {
  clearShiftData,
  daysAgo,
  fallingViews,
  NOW,
  seedCreator,
  steadyViews,
  syncViews,
  TODAY,
} from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearShiftData(t.database);
});

const deps = () => ({ db: t.database.db });
const run = () => detectShifts(deps(), NOW);
const shifts = async () =>
  (
    await t.database.pool.query<{
      id: string;
      platform: string;
      started_on: string;
      cohort_size: number;
      fell_count: number;
      median_change: number;
      status: string;
      is_open: boolean;
    }>('SELECT *, started_on::text FROM platform_shifts ORDER BY detected_at')
  ).rows;

async function seedFalling(count: number, from = 0, options: Parameters<typeof fallingViews>[1] = {}) {
  const creators = [];
  for (let index = from; index < from + count; index += 1) {
    creators.push(await seedCreator(t.database, { viewsOn: fallingViews(index, options) }));
  }
  return creators;
}

async function seedSteady(count: number, from = 100, options: Parameters<typeof steadyViews>[1] = {}) {
  const creators = [];
  for (let index = from; index < from + count; index += 1) {
    creators.push(await seedCreator(t.database, { viewsOn: steadyViews(index, options) }));
  }
  return creators;
}

describe('a fall shared across creators', () => {
  it('records one shift for 25 creators falling together, from the day the fall began', async () => {
    const [first] = await seedFalling(25);
    await seedSteady(5);

    const runs = await run();
    expect(runs.find((found) => found.platform === 'youtube')).toMatchObject({ cohortSize: 30 });
    expect(await shifts()).toEqual([
      expect.objectContaining({
        platform: 'youtube',
        started_on: daysAgo(4),
        cohort_size: 30,
        fell_count: 25,
        status: 'detected',
        is_open: true,
      }),
    ]);
    const [shift] = await shifts();
    expect(shift!.median_change).toBeLessThan(-0.4);

    // The next runs update the same shift instead of recording another.
    await run();
    await run();
    expect((await shifts()).map((row) => row.id)).toEqual([shift!.id]);

    const context = await explainFall(deps(), {
      userId: first!.userId,
      platform: 'youtube',
      from: daysAgo(4),
      to: daysAgo(1),
      now: NOW,
    });
    expect(context).toEqual({
      verdict: 'platform',
      platform: 'youtube',
      shift: { id: shift!.id, startedOn: daysAgo(4), since: 'Sunday', status: 'detected' },
      isAmongFallen: true,
      sentence:
        'Most YouTube creators on Ballast saw the same fall since Sunday: this looks like a platform change, not your content.',
    });
  });

  it('recognises the shift at the next run once the 20th creator’s figures arrive, not before', async () => {
    await seedFalling(19);
    await run();
    expect(await shifts()).toEqual([]);
    // Nothing about a group of 19 is kept, not even its median day.
    const measured = await measureCohort(t.database.db, 'youtube', cohortWindows(TODAY));
    expect(measured).toEqual({
      cohortSize: 19,
      fellCount: 0,
      medianChange: null,
      fallStartedOn: null,
      days: [],
    });
    const { rows } = await t.database.pool.query('SELECT * FROM platform_cohort_days');
    expect(rows).toEqual([]);

    // The 20th creator connects with their history, but their last days are not read yet.
    const twentieth = await seedCreator(t.database, {
      viewsOn: fallingViews(19),
      historyDays: 40,
    });
    await t.database.pool.query('DELETE FROM platform_metrics WHERE user_id = $1 AND day >= $2', [
      twentieth.userId,
      daysAgo(3),
    ]);
    await run();
    expect(await shifts()).toEqual([]);

    // Their last days arrive; the scheduled job's next run (here sent at once) records the shift.
    await syncViews(t.database, twentieth, 'youtube', 3, fallingViews(19));
    await startShiftDetection({
      db: t.database.db,
      jobs: t.jobs,
      cron: '0 0 29 2 *',
      log: t.app.log,
      now: () => NOW,
    });
    await t.jobs.send(QUEUES.platformShifts, {});
    await waitUntil(async () => (await shifts()).length === 1, 15_000, 'the shift to be recorded');
    expect(await shifts()).toEqual([
      expect.objectContaining({ cohort_size: 20, fell_count: 20, started_on: daysAgo(4) }),
    ]);
  });
});

describe('a fall of one creator’s own', () => {
  it('raises no shift when one creator falls among 24 steady ones, and tells them the fall is theirs', async () => {
    const [alone] = await seedFalling(1, 0, { fallTo: 0.3 });
    await seedSteady(24);

    await run();
    expect(await shifts()).toEqual([]);
    const context = await explainFall(deps(), {
      userId: alone!.userId,
      platform: 'youtube',
      from: daysAgo(4),
      to: daysAgo(1),
      now: NOW,
    });
    expect(context).toEqual({
      verdict: 'own',
      platform: 'youtube',
      shift: null,
      isAmongFallen: null,
      sentence:
        "Other YouTube creators on Ballast held steady over the same days: this fall is yours, not the platform's.",
    });
  });

  it('says nothing either way on a platform with too few creators to compare', async () => {
    const [alone] = await seedFalling(1, 0, { fallTo: 0.3 });
    await seedSteady(10);
    await run();
    const context = await explainFall(deps(), {
      userId: alone!.userId,
      platform: 'youtube',
      from: daysAgo(4),
      to: daysAgo(1),
      now: NOW,
    });
    expect(context).toMatchObject({ verdict: 'unknown', shift: null, sentence: null });
  });
});

describe('who is counted', () => {
  it('leaves out creators with too little history, so 25 falls with 6 new channels are no shift', async () => {
    await seedFalling(19);
    for (let index = 50; index < 56; index += 1) {
      await seedCreator(t.database, { viewsOn: fallingViews(index), historyDays: 10 });
    }
    await run();
    expect(await shifts()).toEqual([]);
    const measured = await measureCohort(t.database.db, 'youtube', cohortWindows(TODAY));
    expect(measured.cohortSize).toBe(19);
  });

  it('finds no shift in a noisy but steady cohort', async () => {
    await seedSteady(40, 100, { spread: 0.35 });
    const runs = await run();
    expect(runs.find((found) => found.platform === 'youtube')).toMatchObject({ cohortSize: 40 });
    expect(await shifts()).toEqual([]);
  });

  it('closes the shift once the platform recovers, and opens the same one if the fall is seen again', async () => {
    const falling = await seedFalling(22);
    await run();
    const [shift] = await shifts();
    expect(shift).toMatchObject({ is_open: true });

    for (const [index, creator] of falling.entries()) {
      await syncViews(t.database, creator, 'youtube', 4, fallingViews(index, { fallTo: 1 }));
    }
    await run();
    expect(await shifts()).toEqual([expect.objectContaining({ id: shift!.id, is_open: false })]);

    for (const [index, creator] of falling.entries()) {
      await syncViews(t.database, creator, 'youtube', 4, fallingViews(index));
    }
    await run();
    expect(await shifts()).toEqual([expect.objectContaining({ id: shift!.id, is_open: true })]);
  });
});
