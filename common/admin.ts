import { z } from 'zod';
import { bulletinSchema } from './alerts';
import { PLAN_IDS } from './plans';
import { WAITLIST_TIERS } from './waitlist';

/** The operator console's calls (`/api/admin/...`, operators only; everyone else gets 404). */

export const ADMIN_PAGE_SIZE = 50;

/** A page of a console list: 1 and up. */
export const pageField = z.coerce
  .number({ message: 'The page must be a number.' })
  .int('The page must be a whole number.')
  .min(1, 'Pages start at 1.')
  .max(100_000, 'There are not that many pages.')
  .default(1);

/** What narrows the waitlist list and its CSV export: the same filters give the same rows. */
export const waitlistFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .max(254, 'Search with at most 254 characters of an email address.')
    .optional()
    .describe('Part of an email address'),
  tier: z.enum(WAITLIST_TIERS, { message: 'Choose a tier: free, lifetime_paid or waitlist.' }).optional(),
  source: z.string().trim().max(64, 'A signup source has at most 64 characters.').optional(),
  flagged: z
    .enum(['yes'], { message: 'Flagged is yes, or left out.' })
    .optional()
    .describe('Only flagged places'),
});
export type WaitlistFilters = z.infer<typeof waitlistFiltersSchema>;

export const waitlistQuerySchema = /* @__PURE__ */ waitlistFiltersSchema.extend({ page: pageField });

export const adminWaitlistRowSchema = z.object({
  id: z.string(),
  position: z.number(),
  email: z.string(),
  tier: z.enum(WAITLIST_TIERS),
  signupSource: z.string(),
  createdAt: z.string(),
  /** When the £5 for a lifetime place arrived; null when unpaid or not a lifetime place. */
  paidAt: z.string().nullable(),
  /** When the address was confirmed and the place kept; null while it is only held (decision 062). */
  confirmedAt: z.string().nullable(),
  /** When a held place lapses unless confirmed first. */
  lapsesAt: z.string().nullable(),
  isUnsubscribed: z.boolean(),
  /** What looked wrong at signup (decision 064): disposable, alias, network-burst, burst. */
  flags: z.array(z.string()),
  /** Referrals that counted for this place. */
  referrals: z.number(),
  /** This place's own referral: counted, void (see the overview for why), or null when it had none. */
  referralStatus: z.enum(['counted', 'void']).nullable(),
});
export type AdminWaitlistRow = z.infer<typeof adminWaitlistRowSchema>;

export const adminWaitlistPageSchema = z.object({
  rows: z.array(adminWaitlistRowSchema),
  /** Rows matching the filters, over every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Every signup source seen, for the filter. */
  sources: z.array(z.string()),
});
export type AdminWaitlistPage = z.infer<typeof adminWaitlistPageSchema>;

const bySignups = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ ...shape, signups: z.number() }));

/** The launch at a glance: each tier's fill, signups by day, hour and source, referrers and flags. */
export const waitlistOverviewSchema = z.object({
  tiers: z.array(
    z.object({
      tier: z.enum(WAITLIST_TIERS),
      kept: z.number(),
      held: z.number(),
      lapsed: z.number(),
      setAside: z.number(),
    }),
  ),
  /** London days, the last 30. */
  days: bySignups({ day: z.string() }),
  /** London hours, the last 48 (`YYYY-MM-DDTHH:00`). */
  hours: bySignups({ hour: z.string() }),
  sources: bySignups({ source: z.string() }),
  referrers: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      position: z.number().nullable(),
      counted: z.number(),
      voided: z.number(),
    }),
  ),
  /** The latest referrals, voided ones first, with why they count for nothing. */
  referrals: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      referrer: z.string(),
      status: z.enum(['counted', 'void']).nullable(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  flags: bySignups({ flag: z.string() }),
  setAside: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      tier: z.enum(WAITLIST_TIERS),
      flags: z.array(z.string()),
      quarantinedAt: z.string(),
    }),
  ),
});
export type WaitlistOverview = z.infer<typeof waitlistOverviewSchema>;

const reasonField = z
  .string({ message: 'Say why, in a few words.' })
  .trim()
  .min(3, 'Say why, in a few words.')
  .max(500, 'Keep the reason to 500 characters.');

export const placeActionSchema = z.object({
  ids: z
    .array(z.uuid({ message: 'Each place is named by its id.' }), { message: 'Choose the places to act on.' })
    .min(1, 'Choose at least one place.')
    .max(500, 'Act on at most 500 places at once.'),
  action: z.enum(['remove', 'quarantine'], { message: 'The action is remove or quarantine.' }),
  reason: reasonField,
});
export type PlaceActionRequest = z.infer<typeof placeActionSchema>;

export const voidReferralSchema = z.object({ reason: reasonField });

export const contactMessagesQuerySchema = z.object({
  page: pageField,
  unread: z
    .enum(['true', 'false'], { message: 'unread is true or false.' })
    .optional()
    .describe('Only unread messages when true'),
});

export const adminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  kind: z.enum(['message', 'strategy_review']),
  /** From a Mastermind account (priority support) or a strategy review request: listed first. */
  isPriority: z.boolean(),
  /** When a priority message should have its reply (ISO 8601); null for the others. */
  replyBy: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessagesSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminContactMessages = z.infer<typeof adminContactMessagesSchema>;

export const contactMessageReadSchema = z.object({
  isRead: z.boolean({ message: 'isRead must be true or false.' }),
});

export const adminIdParamsSchema = z.object({ id: z.uuid({ message: 'That is not a valid id.' }) });

export const failedDeliverySchema = z.object({
  id: z.string(),
  /** email or crm. */
  channel: z.string(),
  /** What was being sent: an email template, or the external data service's path. */
  kind: z.string(),
  /** The address or service it was for. */
  recipient: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;

export const deliveriesSchema = z.object({
  counts: z.object({ pending: z.number(), delivered: z.number(), skipped: z.number(), failed: z.number() }),
  failed: z.array(failedDeliverySchema),
});
export type Deliveries = z.infer<typeof deliveriesSchema>;

/**
 * POST /api/admin/bulletins: a bulletin, and the platform shift it announces when it was drafted from
 * one (the shift is marked published with it, in the same transaction).
 */
export const bulletinToPublishSchema = bulletinSchema.extend({
  shiftId: z.uuid({ message: 'That is not a platform shift id.' }).optional(),
});
export type BulletinToPublish = z.infer<typeof bulletinToPublishSchema>;

export const publishedBulletinSchema = z.object({
  id: z.string(),
  platform: z.string(),
  severity: z.string(),
  title: z.string(),
  description: z.string(),
  impactDescription: z.string().nullable(),
  mitigationStrategy: z.string().nullable(),
  publishedBy: z.string(),
  recipients: z.number(),
  createdAt: z.string(),
});
export type PublishedBulletin = z.infer<typeof publishedBulletinSchema>;

export const usersOverviewSchema = z.object({
  total: z.number(),
  byPlan: z.record(z.enum([...PLAN_IDS, 'none']), z.number()),
  onboarded: z.number(),
  notOnboarded: z.number(),
  recent: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      plan: z.string(),
      onboardingCompleted: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type UsersOverview = z.infer<typeof usersOverviewSchema>;
