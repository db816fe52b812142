import type { Bulletin } from '@common/alerts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { alertBulletins, alerts } from '../../db/schema/alerts';
import { filterUsersCovering } from '../billing/public';
import { findCreatorsNamingPlatform } from '../onboarding/public';
import { findCreatorsConnectedTo } from '../platforms/public';
import { ALERTS_CHANNEL, type AlertRow } from './store';

/**
 * Creators on a platform (in their onboarding answers, or through an active connection) whose plan
 * brings bulletins, each asked of the feature that knows it.
 */
async function findCreatorsOn(db: DbOrTx, platform: string): Promise<string[]> {
  const [named, connected] = await Promise.all([
    findCreatorsNamingPlatform(db, platform),
    findCreatorsConnectedTo(db, platform),
  ]);
  return [...(await filterUsersCovering(db, [...new Set([...named, ...connected])], 'bulletins'))];
}

/** How many creators a bulletin for this platform would reach now, for the console's publish button. */
export async function countBulletinReach(db: Db, platform: Bulletin['platform']): Promise<number> {
  return (await findCreatorsOn(db, platform)).length;
}

/**
 * Records a bulletin and raises it as an alert for every creator it reaches, in one statement, each
 * announced at commit. Answers the bulletin's id and how many creators it reached.
 */
export async function insertBulletin(
  tx: Tx,
  bulletin: Bulletin,
  publishedBy: string,
): Promise<{ id: string; recipients: number }> {
  const [record] = await tx
    .insert(alertBulletins)
    .values({ ...bulletin, publishedBy, recipients: 0 })
    .returning({ id: alertBulletins.id });
  const id = record!.id;
  const targets = await findCreatorsOn(tx, bulletin.platform);
  const { rows } = await tx.execute<{ recipients: number }>(sql`
    WITH targets AS (
      SELECT user_id FROM unnest(${sql.param(targets)}::text[]) AS target(user_id)
    ), inserted AS (
      INSERT INTO alerts (user_id, severity, platform, title, description, impact_description, mitigation_strategy, cause)
      SELECT user_id, ${bulletin.severity}, ${bulletin.platform}, ${bulletin.title}, ${bulletin.description},
             ${bulletin.impactDescription ?? null}, ${bulletin.mitigationStrategy ?? null}, ${`bulletin:${id}`}
      FROM targets
      RETURNING id, user_id
    )
    SELECT count(pg_notify(${ALERTS_CHANNEL}, user_id || ' ' || id))::int AS recipients FROM inserted`);
  const recipients = rows[0]?.recipients ?? 0;
  await tx.update(alertBulletins).set({ recipients }).where(eq(alertBulletins.id, id));
  return { id, recipients };
}

/** The alerts a bulletin raised, for the emails its severity calls for. */
export async function listBulletinAlerts(tx: Tx, bulletinId: string): Promise<AlertRow[]> {
  return tx
    .select()
    .from(alerts)
    .where(eq(alerts.cause, `bulletin:${bulletinId}`));
}

/** Published bulletins, newest first, with how many creators each reached. */
export async function listBulletins(db: Db, limit = 100) {
  const rows = await db.select().from(alertBulletins).orderBy(desc(alertBulletins.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
