import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { type FileStorage, readStoredFile } from '../../integrations/storage/storage';
import { exportAlertData } from '../alerts/public';
import { exportAuthData } from '../auth/public';
import { exportBillingData } from '../billing/public';
import { exportBlueprintData } from '../blueprints/public';
import { exportMessagesFrom } from '../contact/public';
import { exportHealthCheckData } from '../health-check/public';
import { exportOnboardingData } from '../onboarding/public';
import { exportPlatformData } from '../platforms/public';
import { exportRevenueData } from '../revenue/public';
import { exportScreenshotData } from '../screenshots/public';
import { exportWaitlistPlace } from '../waitlist/public';
import { profileImageKey } from './profile-service';

/**
 * Everything Ballast holds about a person (UK GDPR right of access), as one JSON document: their
 * profile and sign-in methods, answers, revenue, health checks, blueprints, alerts, platform
 * connections (never their tokens), figures, screenshots, billing, waitlist place and messages to us.
 * Each feature says what of its own it hands over (its `export…Data`), leaving out its secrets.
 */
export async function exportAccountData(db: Db, storage: FileStorage, userId: string, now: Date) {
  const account = await exportAuthData(db, userId);
  if (!account) throw notFound('Your account');
  // Rows keyed by the address belong to whoever owns it: only an account that proved it gets them.
  const address = account.user.emailVerified ? account.user.email : null;
  const [answers, revenue, checks, plans, alertList, platforms, uploads, billing, waitlist, messages] =
    await Promise.all([
      exportOnboardingData(db, userId),
      exportRevenueData(db, userId),
      exportHealthCheckData(db, userId),
      exportBlueprintData(db, userId),
      exportAlertData(db, userId),
      exportPlatformData(db, userId),
      exportScreenshotData(db, userId),
      exportBillingData(db, userId),
      address ? exportWaitlistPlace(db, address) : null,
      address ? exportMessagesFrom(db, address) : [],
    ]);
  // The picture itself, not a link that stops working once the account is gone.
  const stored = account.user.profileImageUrl ? await storage.get(profileImageKey(userId)) : null;
  const picture = stored ? await readStoredFile(stored) : null;
  return {
    exportedAt: now.toISOString(),
    profile: account.profile,
    profileImage: picture ? { mimeType: 'image/webp', base64: picture.toString('base64') } : null,
    signInMethods: account.signInMethods,
    sessions: account.sessions,
    onboardingAnswers: answers,
    ...revenue,
    healthChecks: checks,
    blueprints: plans,
    alerts: alertList,
    ...platforms,
    screenshots: uploads,
    ...billing,
    waitlist,
    contactMessages: messages,
  };
}
