import type { Bulletin } from '@common/alerts';
import type { CurrentUser } from '@common/auth-schemas';
import { desc, eq, sql } from 'drizzle-orm';
import { alertBulletins, alerts } from '../../db/schema/alerts';
import { AppError } from '../../errors';
import { enqueueOutbound } from '../../jobs/outbox';
import { userCoversSql } from '../billing/entitlements';
import { creatorsNamingPlatformSql } from '../onboarding/public';
import { creatorsConnectedToSql } from '../platforms/metrics';
import { type AlertDeps, alertEmails } from './service';
import { ALERTS_CHANNEL } from './store';

/**
 * Creators on a platform (in their onboarding answers, or through an active connection) whose plan
 * brings bulletins.
 */
const creatorsOn = (platform: string) => sql`
  SELECT on_platform.user_id FROM (
    ${creatorsNamingPlatformSql(platform)}
    UNION
    ${creatorsConnectedToSql(platform)}
  ) on_platform
  JOIN users subscriber ON subscriber.id = on_platform.user_id
  WHERE ${userCoversSql(sql`subscriber`, 'bulletins')}`;

/** How many creators a bulletin for this platform would reach now, for the console's publish button. */
export async function countBulletinReach(
  db: AlertDeps['db'],
  platform: Bulletin['platform'],
): Promise<number> {
  const { rows } = await db.execute<{ recipients: number }>(
    sql`SELECT count(*)::int AS recipients FROM (${creatorsOn(platform)}) targets`,
  );
  return rows[0]?.recipients ?? 0;
}

/**
 * An operator's algorithm-change bulletin, fanned out as an alert to every creator on that platform
 * (in their onboarding answers or an active connection), in one statement, each announced at commit.
 */
export async function publishBulletin({ db, jobs }: AlertDeps, operator: CurrentUser, bulletin: Bulletin) {
  if (!operator.isAdmin) throw new AppError('FORBIDDEN', 'Only operators can publish bulletins.');
  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(alertBulletins)
      .values({ ...bulletin, publishedBy: operator.email, recipients: 0 })
      .returning({ id: alertBulletins.id });
    const { rows } = await tx.execute<{ recipients: number }>(sql`
      WITH targets AS (${creatorsOn(bulletin.platform)}), inserted AS (
        INSERT INTO alerts (user_id, severity, platform, title, description, impact_description, mitigation_strategy, cause)
        SELECT user_id, ${bulletin.severity}, ${bulletin.platform}, ${bulletin.title}, ${bulletin.description},
               ${bulletin.impactDescription ?? null}, ${bulletin.mitigationStrategy ?? null}, ${`bulletin:${record!.id}`}
        FROM targets
        RETURNING id, user_id
      )
      SELECT count(pg_notify(${ALERTS_CHANNEL}, user_id || ' ' || id))::int AS recipients FROM inserted`);
    const recipients = rows[0]?.recipients ?? 0;
    await tx.update(alertBulletins).set({ recipients }).where(sql`${alertBulletins.id} = ${record!.id}`);
    if (bulletin.severity === 'critical' || bulletin.severity === 'high') {
      const raised = await tx
        .select()
        .from(alerts)
        .where(eq(alerts.cause, `bulletin:${record!.id}`));
      await enqueueOutbound(jobs, tx, await alertEmails(tx, raised));
    }
    return { id: record!.id, recipients };
  });
}

/** Published bulletins, newest first, with how many creators each reached. */
export async function listBulletins(db: AlertDeps['db'], limit = 100) {
  const rows = await db.select().from(alertBulletins).orderBy(desc(alertBulletins.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
