import type { CurrentUser } from '@common/auth-schemas';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { alertBulletins, alerts } from '../../db/schema/alerts';
import { AppError } from '../../errors';
import { enqueueOutbound } from '../../jobs/outbox';
import { type AlertDeps, alertEmails } from './service';
import { ALERTS_CHANNEL } from './store';

export const bulletinSchema = z.object({
  platform: z.enum(['youtube', 'instagram', 'tiktok', 'twitter', 'other'], {
    message: 'Choose the platform: youtube, instagram, tiktok, twitter or other.',
  }),
  severity: z.enum(['critical', 'high', 'medium', 'low'], {
    message: 'Choose a severity: critical, high, medium or low.',
  }),
  title: z
    .string()
    .trim()
    .min(5, 'Give the bulletin a title of at least 5 characters.')
    .max(120, 'Keep the title under 120 characters.'),
  description: z
    .string()
    .trim()
    .min(10, 'Say what changed, in at least 10 characters.')
    .max(2000, 'Keep the description under 2,000 characters.'),
  impactDescription: z.string().trim().max(1000, 'Keep the impact under 1,000 characters.').optional(),
  mitigationStrategy: z.string().trim().max(1000, 'Keep the advice under 1,000 characters.').optional(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

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
      WITH targets AS (
        SELECT user_id FROM onboarding_answers WHERE ${bulletin.platform} = ANY(platforms)
        UNION
        SELECT user_id FROM platform_connections WHERE platform = ${bulletin.platform} AND is_active
      ), inserted AS (
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
