import type { Alert } from '@common/alerts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { detectShifts } from '../shifts/service';
import {
  type Creator,
  clearShiftData,
  fallingViews,
  NOW,
  seedCreator,
  steadyViews,
  syncViews,
} from '../shifts/test-support';
import { scanCreator } from './service';

/**
 * A creator's fall in YouTube views, told whether most YouTube creators on Ballast fell with her (a
 * platform shift) or the rest held steady (her own), from the shifts run over synced daily views.
 */

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

const SHARED =
  /^Most YouTube creators on Ballast saw the same fall since \w+: this looks like a platform change, not your content\.$/;
const OWN =
  "Other YouTube creators on Ballast held steady over the same days: this fall is yours, not the platform's.";

const seed = (count: number, from: number, viewsOn: (creator: number) => (ago: number) => number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) => seedCreator(t.database, { viewsOn: viewsOn(from + index) })),
  );

async function viewsAlertOf(creator: Creator): Promise<Alert | undefined> {
  await scanCreator({ db: t.database.db, jobs: t.jobs }, creator.userId, NOW);
  const { rows } = await t.database.pool.query<Alert>(
    "SELECT description FROM alerts WHERE user_id = $1 AND cause = 'metric:youtube:fall' AND read_at IS NULL",
    [creator.userId],
  );
  return rows[0];
}

/** The sentence the alert ends with, after its figures and its cause ("… so this is reach: fewer people saw your videos."). */
const lastSentence = (alert: Alert | undefined) => alert?.description.split('. ').at(-1);

describe('a fall in views against the platform’s other creators', () => {
  it('says a fall most creators share looks like a platform change', async () => {
    const [first] = await seed(25, 0, (creator) => fallingViews(creator));
    await detectShifts({ db: t.database.db }, NOW);
    expect(lastSentence(await viewsAlertOf(first!))).toMatch(SHARED);
  });

  it('adds it to the alert already open once the shift is recorded, once', async () => {
    const [first] = await seed(25, 0, (creator) => fallingViews(creator));
    // Her alert comes before any shift is recorded: nothing is said of the others yet.
    const before = await viewsAlertOf(first!);
    expect(before?.description).toMatch(/, so this is reach: fewer people saw your videos\.$/);
    await detectShifts({ db: t.database.db }, NOW);
    const after = await viewsAlertOf(first!);
    expect(lastSentence(after)).toMatch(SHARED);
    expect(after!.description.startsWith(before!.description)).toBe(true);
    // A later scan does not say it twice.
    expect((await viewsAlertOf(first!))?.description).toBe(after!.description);
  });

  it('tells a creator falling alone while the others held steady that the fall is hers', async () => {
    const [alone] = await seed(1, 0, (creator) => fallingViews(creator, { fallTo: 0.3 }));
    await seed(24, 100, (creator) => steadyViews(creator));
    await detectShifts({ db: t.database.db }, NOW);
    expect(lastSentence(await viewsAlertOf(alone!))).toBe(OWN);
  });

  it('keeps one alert for one fall, told as it stands when the fall deepens', async () => {
    const [creator] = await seed(1, 0, (index) => fallingViews(index, { fallTo: 0.6 }));
    await scanCreator({ db: t.database.db, jobs: t.jobs }, creator!.userId, NOW);
    const first = await t.database.pool.query<{ id: string; title: string }>(
      'SELECT id, title FROM alerts WHERE user_id = $1',
      [creator!.userId],
    );
    expect(first.rows).toEqual([{ id: expect.any(String), title: expect.stringMatching(/\(−4\d%\)/) }]);
    // The next sync reads the same days lower still.
    await syncViews(t.database, creator!, 'youtube', 40, fallingViews(0, { fallTo: 0.3 }));
    await scanCreator({ db: t.database.db, jobs: t.jobs }, creator!.userId, NOW);
    const after = await t.database.pool.query<{ id: string; title: string }>(
      'SELECT id, title FROM alerts WHERE user_id = $1',
      [creator!.userId],
    );
    expect(after.rows).toEqual([{ id: first.rows[0]!.id, title: expect.stringMatching(/\(−7\d%\)/) }]);
  });
});
