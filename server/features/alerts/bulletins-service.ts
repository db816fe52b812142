import type { Bulletin } from '@common/alerts';
import type { CurrentUser } from '@common/auth-schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { insertBulletin, listBulletinAlerts } from './bulletins-store';
import { alertEmails } from './service';

/**
 * An operator's algorithm-change bulletin, fanned out as an alert to every creator on that platform
 * (in their onboarding answers or an active connection); critical and high ones are emailed to the
 * plans that include alert emails. Inside the caller's transaction when given one (a platform shift
 * published from its draft is settled with it).
 */
export async function publishBulletin(
  { db, jobs }: { db: DbOrTx; jobs: Jobs },
  operator: CurrentUser,
  bulletin: Bulletin,
) {
  if (!operator.isAdmin) throw new AppError('FORBIDDEN', 'Only operators can publish bulletins.');
  return db.transaction(async (tx) => {
    const published = await insertBulletin(tx, bulletin, operator.email);
    if (bulletin.severity === 'critical' || bulletin.severity === 'high') {
      await enqueueOutbound(jobs, tx, await alertEmails(tx, await listBulletinAlerts(tx, published.id)));
    }
    return published;
  });
}
