import type { OnboardingAnswers } from '@common/onboarding';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { onboardingAnswers } from '../../db/schema/onboarding';

export async function upsertOnboardingAnswers(db: DbOrTx, userId: string, answers: OnboardingAnswers) {
  await db
    .insert(onboardingAnswers)
    .values({ userId, ...answers })
    .onConflictDoUpdate({
      target: onboardingAnswers.userId,
      set: { ...answers, updatedAt: sql`now()` },
    });
}

export async function markOnboardingCompleted(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ onboardingCompleted: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
