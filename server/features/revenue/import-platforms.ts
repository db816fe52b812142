import type { DbOrTx } from '../../db/client';
import { findOnboardingAnswers } from '../onboarding/public';
import { findPlatformsInUse } from '../platforms/public';
import type { CreatorPlatforms } from './source-names';

const DAY_MS = 86_400_000;

/**
 * The platforms a creator works on, for suggesting a source: those named in onboarding, and those
 * connected or with figures in the last 90 days. Suggestions offer only these platforms' sources.
 */
export async function findCreatorPlatforms(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<CreatorPlatforms> {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - 90 * DAY_MS);
  const [answers, inUse] = await Promise.all([
    findOnboardingAnswers(db, userId),
    findPlatformsInUse(db, userId, since),
  ]);
  return {
    platforms: [...new Set<string>([...(answers?.platforms ?? []), ...inUse])],
    primary: answers?.primaryPlatform ?? null,
  };
}
