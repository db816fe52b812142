import type { OnboardingAnswers, OnboardingResult } from '@common/onboarding';
import type { Db } from '../../db/client';
import { markOnboardingCompleted } from '../auth/public';
import { findOnboardingAnswers, upsertOnboardingAnswers } from './store';

/**
 * Saves the answers and marks onboarding complete, together. Answering again replaces the answers:
 * a creator's platforms and income change, and later scores should follow.
 */
export async function completeOnboarding(
  db: Db,
  userId: string,
  answers: OnboardingAnswers,
): Promise<OnboardingResult> {
  await db.transaction(async (tx) => {
    await upsertOnboardingAnswers(tx, userId, answers);
    await markOnboardingCompleted(tx, userId);
  });
  return { onboardingCompleted: true, answers };
}

export function getOnboardingAnswers(db: Db, userId: string): Promise<OnboardingAnswers | null> {
  return findOnboardingAnswers(db, userId);
}
