import { PERSON_EMAILS_SHOWN, type Person, type PersonPlace, type SentEmail } from '@common/admin-people';
import { MAGIC_LINK_MINUTES, VERIFY_EMAIL_HOURS } from '@common/auth';
import type { CurrentUser } from '@common/auth-schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { OutboundMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutboundWithinLimits } from '../../jobs/outbox';
import { findOutboxMessage, listEmailsTo } from '../../jobs/outbox-store';
import { findAccountByEmail } from '../auth/public';
import { filterUsersCovering } from '../billing/public';
import { findMessagesByAddress } from '../contact/public';
import { findPlaceByEmail, type PlaceOfAddress } from '../waitlist/public';
import { withPlans } from './account-service';
import { describeOutbound, toInboxMessage } from './service';
import { recordOperatorAction } from './store';

type OutboxRow = NonNullable<Awaited<ReturnType<typeof findOutboxMessage>>>;

const MINUTE = 60_000;

/** How long the link an email carries works, for the kinds whose link expires; undefined for the others. */
function linkMinutes(message: OutboundMessage): number | undefined {
  if (message.channel !== 'email') return undefined;
  switch (message.template) {
    case 'magic-link':
      return message.expiresInMinutes ?? MAGIC_LINK_MINUTES;
    case 'password-reset':
    case 'waitlist-removal':
      return message.expiresInMinutes;
    case 'verify-email':
      return VERIFY_EMAIL_HOURS * 60;
    default:
      return undefined;
  }
}

/**
 * Why this message cannot be sent again as it is, or null when it can. Sending it again sends the same
 * payload: a link that has expired would arrive dead, so the person is told to ask for a new one.
 */
export function whyNotResendable(row: OutboxRow, now: Date): string | null {
  if (row.channel !== 'email') return 'Only emails are sent again from here.';
  if (row.status === 'pending') return 'It is still on its way.';
  if (row.payload.channel === 'email' && row.payload.to === '[erased]') {
    return 'Its address was erased once it was sent.';
  }
  const minutes = linkMinutes(row.payload);
  if (minutes !== undefined && now.getTime() - row.createdAt.getTime() >= minutes * MINUTE) {
    return 'Its link has expired: they can ask for a new one where they asked for this one.';
  }
  return null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toSentEmail(row: OutboxRow, now: Date): SentEmail {
  const { kind, recipient } = describeOutbound(row.payload);
  return {
    id: row.id,
    to: recipient,
    template: kind,
    status: row.status,
    attempts: row.attempts,
    note: row.note,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    notResendable: whyNotResendable(row, now),
  };
}

/** Every email to the address, whatever became of it, newest first. */
async function findEmailsTo(db: Db, email: string, now: Date): Promise<SentEmail[]> {
  const rows = await listEmailsTo(db, email, PERSON_EMAILS_SHOWN);
  return rows.map((row) => toSentEmail(row, now));
}

function placeState(place: PlaceOfAddress): PersonPlace['state'] {
  if (place.quarantinedAt) return 'set_aside';
  if (place.position === null) return 'lapsed';
  return place.confirmedAt ? 'kept' : 'held';
}

function toPersonPlace(place: PlaceOfAddress): PersonPlace {
  return {
    id: place.id,
    position: place.position,
    tier: place.tier,
    state: placeState(place),
    signupSource: place.signupSource,
    createdAt: place.createdAt.toISOString(),
    confirmedAt: iso(place.confirmedAt),
    lapsesAt: place.position === null ? null : iso(place.lapsesAt),
    paidAt: iso(place.paidAt),
    flags: place.flags,
    referrals: place.referrals,
    referralStatus: place.referralStatus,
    referralVoidReason: place.referralVoidReason,
  };
}

/**
 * Everything Ballast holds under one address, for its console page: the waitlist place, the account
 * with its plan, the emails sent there and the messages sent from it. Payments are Stripe's, asked for
 * by the account's id when the operator opens them.
 */
export async function findPerson(db: Db, email: string, now: Date): Promise<Person> {
  const [place, account, emails, messages] = await Promise.all([
    findPlaceByEmail(db, email),
    findAccountByEmail(db, email),
    findEmailsTo(db, email, now),
    findMessagesByAddress(db, email, (ids) => filterUsersCovering(db, ids, 'prioritySupport')),
  ]);
  return {
    email,
    place: place ? toPersonPlace(place) : null,
    account: account ? ((await withPlans(db, [account]))[0] ?? null) : null,
    emails,
    messages: messages.map(toInboxMessage),
  };
}

/**
 * Sends an email again as it was ("I never got my confirmation"), audited. It counts against the
 * address's hourly limit for its kind like any other (recipient-limits.ts): over it, the copy is kept
 * as skipped and the operator is told.
 */
export async function resendEmail(
  deps: { db: Db; jobs: Jobs; now: Clock },
  operator: CurrentUser,
  id: string,
): Promise<{ id: string | null; status: 'pending' | 'skipped' }> {
  const row = await findOutboxMessage(deps.db, id);
  if (!row) throw notFound('A message with that id');
  const now = deps.now();
  const refusal = whyNotResendable(row, now);
  if (refusal) throw new AppError('CONFLICT', `This email is not sent again: ${refusal}`);
  return deps.db.transaction(async (tx) => {
    const [queued] = await enqueueOutboundWithinLimits(deps.jobs, tx, [row.payload], now);
    const status = queued ? ('pending' as const) : ('skipped' as const);
    await recordOperatorAction(tx, operator, 'delivery.resend', id, {
      template: row.payload.channel === 'email' ? row.payload.template : null,
      result: queued ? 'queued' : 'not sent: over the hourly limit for this kind',
    });
    return { id: queued ?? null, status };
  });
}
