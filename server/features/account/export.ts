import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts } from '../../db/schema/alerts';
import { accounts, sessions, users } from '../../db/schema/auth';
import { billingCustomers, planGrants } from '../../db/schema/billing';
import { blueprints } from '../../db/schema/blueprints';
import { contactMessages } from '../../db/schema/contact';
import { healthChecks } from '../../db/schema/health';
import { onboardingAnswers } from '../../db/schema/onboarding';
import { platformConnections, platformMetrics } from '../../db/schema/platforms';
import { revenueEntries } from '../../db/schema/revenue';
import { revenueSourceNames } from '../../db/schema/revenue-import';
import { screenshots } from '../../db/schema/screenshots';
import { waitlistSignups } from '../../db/schema/waitlist';
import { notFound } from '../../errors';
import { type FileStorage, readStoredFile } from '../../integrations/storage/storage';
import { profileImageKey } from './profile';

/** Columns that are secrets or our own bookkeeping, never part of what a person gets back. */
function without<T extends Record<string, unknown>, K extends keyof T>(
  row: T,
  keys: readonly K[],
): Omit<T, K> {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * Everything Ballast holds about a person (UK GDPR right of access), as one JSON document: their
 * profile and sign-in methods, answers, revenue, health checks, blueprints, alerts, platform
 * connections (never their tokens), figures, screenshots, billing, waitlist place and messages to us.
 */
export async function exportAccountData(db: Db, storage: FileStorage, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Your account');
  // Rows keyed by the address belong to whoever owns it: only an account that proved it gets them.
  const addressRows = user.emailVerified ? user.email : null;
  const [
    signInMethods,
    openSessions,
    answers,
    revenue,
    sourceNames,
    checks,
    plans,
    alertList,
    connections,
    metrics,
    uploads,
    billing,
    grants,
    waitlist,
    messages,
  ] = await Promise.all([
    db
      .select({ providerId: accounts.providerId, scope: accounts.scope, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db.select().from(onboardingAnswers).where(eq(onboardingAnswers.userId, userId)),
    db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.userId, userId))
      .orderBy(asc(revenueEntries.date)),
    db
      .select({ name: revenueSourceNames.name, source: revenueSourceNames.source })
      .from(revenueSourceNames)
      .where(eq(revenueSourceNames.userId, userId))
      .orderBy(asc(revenueSourceNames.name)),
    db
      .select()
      .from(healthChecks)
      .where(eq(healthChecks.userId, userId))
      .orderBy(asc(healthChecks.createdAt)),
    db.select().from(blueprints).where(eq(blueprints.userId, userId)).orderBy(asc(blueprints.createdAt)),
    db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(asc(alerts.createdAt)),
    db.select().from(platformConnections).where(eq(platformConnections.userId, userId)),
    db
      .select()
      .from(platformMetrics)
      .where(eq(platformMetrics.userId, userId))
      .orderBy(asc(platformMetrics.recordedAt)),
    db.select().from(screenshots).where(eq(screenshots.userId, userId)).orderBy(asc(screenshots.createdAt)),
    db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)),
    db
      .select({ plan: planGrants.plan, reason: planGrants.reason, createdAt: planGrants.createdAt })
      .from(planGrants)
      .where(eq(planGrants.userId, userId)),
    addressRows ? db.select().from(waitlistSignups).where(eq(waitlistSignups.email, addressRows)) : [],
    addressRows
      ? db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.email, addressRows))
          .orderBy(asc(contactMessages.createdAt))
      : [],
  ]);
  // The picture itself, not a link that stops working once the account is gone.
  const stored = user.profileImageUrl ? await storage.get(profileImageKey(userId)) : null;
  const picture = stored ? await readStoredFile(stored) : null;
  return {
    exportedAt: now.toISOString(),
    profile: without(user, ['updatedAt', 'passwordRemovedAt']),
    profileImage: picture ? { mimeType: 'image/webp', base64: picture.toString('base64') } : null,
    signInMethods,
    sessions: openSessions,
    onboardingAnswers: answers[0] ? without(answers[0], ['userId']) : null,
    revenueEntries: revenue.map((row) => without(row, ['userId'])),
    /** The creator's own names for their income, as their CSV imports remember them. */
    revenueSourceNames: sourceNames,
    healthChecks: checks.map((row) => without(row, ['userId'])),
    blueprints: plans.map((row) => without(row, ['userId'])),
    alerts: alertList.map((row) => without(row, ['userId'])),
    platformConnections: connections.map((row) => without(row, ['userId', 'accessToken', 'refreshToken'])),
    platformMetrics: metrics.map((row) => without(row, ['userId'])),
    screenshots: uploads.map((row) => without(row, ['userId', 'storedName'])),
    // Stripe's own ids are its bookkeeping and ours (decision 022), not the creator's data.
    billing: billing[0]
      ? without(billing[0], [
          'userId',
          'stripeCustomerId',
          'subscriptionId',
          'subscriptionStateAt',
          'blueprintPaymentIntentId',
        ])
      : null,
    /** A complimentary plan an operator gave, with the reason they recorded. */
    complimentaryPlan: grants[0] ?? null,
    waitlist: waitlist[0] ? without(waitlist[0], ['paymentLinkSentAt']) : null,
    contactMessages: messages.map((row) => without(row, ['readAt'])),
  };
}
