import type { OnboardingAnswers } from '@common/onboarding';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

const answerColumns = {
  platforms: onboardingAnswers.platforms,
  primaryPlatform: onboardingAnswers.primaryPlatform,
  contentNiche: onboardingAnswers.contentNiche,
  audienceSize: onboardingAnswers.audienceSize,
  monthlyRevenue: onboardingAnswers.monthlyRevenue,
  currentStreams: onboardingAnswers.currentStreams,
  biggestChallenge: onboardingAnswers.biggestChallenge,
  goalTimeframe: onboardingAnswers.goalTimeframe,
  hasAnalytics: onboardingAnswers.hasAnalytics,
};

/**
 * The creator's saved answers, also for the features that plan or score from them (public.ts). Rows
 * were checked against the option lists on the way in, so they read back as the typed answers.
 */
export async function findOnboardingAnswers(db: DbOrTx, userId: string): Promise<OnboardingAnswers | null> {
  const [row] = await db
    .select(answerColumns)
    .from(onboardingAnswers)
    .where(eq(onboardingAnswers.userId, userId));
  return (row as OnboardingAnswers | undefined) ?? null;
}

/** The creators who named `platform` among theirs: an operator's bulletin reaches them. */
export async function findCreatorsNamingPlatform(db: DbOrTx, platform: string): Promise<string[]> {
  const rows = await db
    .select({ userId: onboardingAnswers.userId })
    .from(onboardingAnswers)
    .where(sql`${platform} = ANY(${onboardingAnswers.platforms})`);
  return rows.map((row) => row.userId);
}
