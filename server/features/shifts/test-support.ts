// What the platform shift test files share: creators connected to a platform with days of synced
// views, written as the daily sync writes them, on a fixed clock.
import { randomUUID } from 'node:crypto';
import { addDays, londonDate } from '@common/calendar';
import type { DatabaseConnection } from '../../db/client';

/** Thursday 26 November 2026, midday in London: "today" for every run in these tests. */
export const NOW = new Date('2026-11-26T12:00:00Z');
export const TODAY = londonDate(NOW);
export const daysAgo = (days: number) => addDays(TODAY, -days);

/** Day-to-day noise of ±`spread`, the same for the same creator and day in every run. */
export function noise(creator: number, ago: number, spread = 0.1) {
  const hash = Math.sin(creator * 12.9898 + ago * 78.233) * 43_758.5453;
  return 1 - spread + 2 * spread * (hash - Math.floor(hash));
}

export type Creator = { userId: string; connectionId: string };

/**
 * A creator connected to `platform` with synced daily views for each of the last `historyDays` days
 * (`viewsOn(ago)` for the day `ago` days before today).
 */
export async function seedCreator(
  database: DatabaseConnection,
  options: { platform?: string; historyDays?: number; viewsOn: (ago: number) => number },
): Promise<Creator> {
  const { platform = 'youtube', historyDays = 40, viewsOn } = options;
  const userId = `shift-${randomUUID()}`;
  const connectionId = randomUUID();
  await database.pool.query('INSERT INTO users (id, email) VALUES ($1, $2)', [
    userId,
    `${userId}@shifts.test`,
  ]);
  await database.pool.query(
    `INSERT INTO platform_connections (id, user_id, platform, platform_user_id, platform_username, is_verified)
     VALUES ($1, $2, $3, $4, $4, true)`,
    [connectionId, userId, platform, `channel-${userId}`],
  );
  await syncViews(database, { userId, connectionId }, platform, historyDays, viewsOn);
  return { userId, connectionId };
}

/** Writes (or revises) a creator's synced views for the last `days` days, as the daily sync does. */
export async function syncViews(
  database: DatabaseConnection,
  creator: Creator,
  platform: string,
  days: number,
  viewsOn: (ago: number) => number,
) {
  await database.pool.query(
    `INSERT INTO platform_metrics (user_id, platform, source, connection_id, metric, value, day)
     SELECT $1, $2, 'sync', $3, 'views', views, $4::date - ago
     FROM unnest($5::int[], $6::float8[]) AS days(ago, views)
     ON CONFLICT (connection_id, metric, day) WHERE day IS NOT NULL DO UPDATE SET value = excluded.value`,
    [
      creator.userId,
      platform,
      creator.connectionId,
      TODAY,
      Array.from({ length: days }, (_, index) => index + 1),
      Array.from({ length: days }, (_, index) => viewsOn(index + 1)),
    ],
  );
}

/** Views of a creator at `level` a day, falling to `fallTo` of it over the last `fallDays` days. */
export const fallingViews =
  (creator: number, { level = 10_000, fallTo = 0.5, fallDays = 4 } = {}) =>
  (ago: number) =>
    Math.round(level * (ago <= fallDays ? fallTo : 1) * noise(creator, ago));

export const steadyViews =
  (creator: number, { level = 10_000, spread = 0.1 } = {}) =>
  (ago: number) =>
    Math.round(level * noise(creator, ago, spread));

/** Empties what one test's creators left, so each test starts from no figures and no shifts. */
export async function clearShiftData(database: DatabaseConnection) {
  await database.pool.query(
    "TRUNCATE platform_shifts, platform_cohort_days; DELETE FROM users WHERE id LIKE 'shift-%'",
  );
}
