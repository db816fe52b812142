import { z } from 'zod';
import { ADMIN_PAGE_SIZE, adminContactMessageSchema, pageField } from './admin';
import { accountPlanSchema } from './admin-plans';
import { emailAddressSchema } from './email-address';
import { WAITLIST_TIERS } from './waitlist';

/**
 * The console's page of one person, found by address (`/api/admin/people?email=`), and what it is made
 * of: their waitlist place, their account, the emails sent to the address and their messages to us.
 * Request logs never carry the address (server/redaction.ts).
 */

export const personQuerySchema = z.object({ email: emailAddressSchema });

/** What became of the place: held (unconfirmed), kept, lapsed, set aside by an operator. */
export const PLACE_STATES = ['held', 'kept', 'lapsed', 'set_aside'] as const;

export const personPlaceSchema = z.object({
  id: z.string(),
  /** Null once the place lapsed or was set aside. */
  position: z.number().nullable(),
  tier: z.enum(WAITLIST_TIERS),
  state: z.enum(PLACE_STATES),
  signupSource: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  lapsesAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  flags: z.array(z.string()),
  referrals: z.number(),
  referralStatus: z.enum(['counted', 'void']).nullable(),
  referralVoidReason: z.string().nullable(),
});
export type PersonPlace = z.infer<typeof personPlaceSchema>;

/** One email in the outbox, whatever became of it. */
export const sentEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'delivered', 'skipped', 'failed']),
  attempts: z.number(),
  /** Why it was skipped (over a recipient limit, unsubscribed), or what went wrong last. */
  note: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** Null when it can be sent again; else why not (a link that has expired, a message still on its way). */
  notResendable: z.string().nullable(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

export const personSchema = z.object({
  email: z.string(),
  place: personPlaceSchema.nullable(),
  account: accountPlanSchema.nullable(),
  /** Newest first, at most PERSON_EMAILS_SHOWN. */
  emails: z.array(sentEmailSchema),
  messages: z.array(adminContactMessageSchema),
});
export type Person = z.infer<typeof personSchema>;

export const PERSON_EMAILS_SHOWN = 100;

export const resentEmailSchema = z.object({
  /** The new message's id; null when it was kept as skipped. */
  id: z.string().nullable(),
  /** queued, or skipped when the address's hourly limit for this kind is reached (recipient-limits). */
  status: z.enum(['pending', 'skipped']),
});

/** The day fields of the audit log's filters, as London's calendar reads them. */
const dayField = z
  .string()
  .pipe(z.iso.date({ message: 'Give the day as a real calendar date, YYYY-MM-DD.' }))
  .refine((day) => day >= '2000-01-01', 'Give a day from the year 2000 on.')
  .optional();

export const auditQuerySchema = z
  .object({
    page: pageField,
    operator: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'An operator address is at most 254 characters.')
      .optional(),
    action: z
      .string()
      .regex(/^[a-z]+\.[a-z]+$/, 'An action is written like plan.grant or waitlist.remove.')
      .optional(),
    from: dayField.describe('First day, London time (YYYY-MM-DD)'),
    to: dayField.describe('Last day, London time (YYYY-MM-DD), included'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first day comes before the last.',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Who or what an entry acted on, named as it is now; `email` links to the person's page. */
export const auditTargetSchema = z.object({
  label: z.string(),
  email: z.string().nullable(),
});

export const auditPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      operatorEmail: z.string(),
      action: z.string(),
      targetId: z.string().nullable(),
      target: auditTargetSchema.nullable(),
      detail: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.literal(ADMIN_PAGE_SIZE),
  /** Everyone who has acted, and every action taken, for the filters' choices. */
  operators: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditPageEntry = AuditPage['entries'][number];
