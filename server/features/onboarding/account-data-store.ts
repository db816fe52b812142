// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { onboardingAnswers } from '../../db/schema/onboarding';

export async function exportOnboardingData(db: Db, userId: string) {
  const [row] = await db.select().from(onboardingAnswers).where(eq(onboardingAnswers.userId, userId));
  return row ? withoutColumns(row, ['userId']) : null;
}
