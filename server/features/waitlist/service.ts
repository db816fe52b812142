import type { WaitlistTier } from '@common/waitlist';
import type { WaitlistSignupResponse } from '@common/waitlist-schemas';
import type { Db } from '../../db/client';
import type { OutboundMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import {
  claimPaymentLinkResend,
  findSignupsByEmail,
  insertSignupsAfter,
  lockSignupCounter,
  type WaitlistEntry,
} from './store';

export type WaitlistDeps = {
  db: Db;
  jobs: Jobs;
  counters: { observe(total: number): void };
  /** The £5 payment link for a lifetime place; unset while payments are off (the welcome says it follows). */
  lifetimePlaceLink?: (signupId: string) => string;
};

/** Signing up again re-sends an unpaid lifetime place's payment link, at most this often. */
export const PAYMENT_LINK_RESEND_MINUTES = 10;

export type Signup = { email: string; signupSource: string };

export type SignupResult = WaitlistSignupResponse & { isNew: boolean };

const WHAT_YOU_GET: Record<WaitlistTier, string> = {
  free: 'lifetime free access is yours',
  lifetime_paid: 'lifetime access for £5 is reserved for you',
  waitlist: "we'll email you as soon as your spot opens",
};

export function welcomeMessage({ position, tier }: Pick<WaitlistEntry, 'position' | 'tier'>): string {
  return `You're in at #${position}: ${WHAT_YOU_GET[tier]}.`;
}

export function alreadyJoinedMessage(
  { position, tier, paidAt }: Pick<WaitlistEntry, 'position' | 'tier' | 'paidAt'>,
  isPaymentLinkResent = false,
): string {
  if (tier === 'lifetime_paid' && paidAt) {
    return `You're already on the waitlist at #${position}, so there's nothing more to do: your lifetime access is paid.`;
  }
  if (isPaymentLinkResent) {
    return `You're already on the waitlist at #${position}: ${WHAT_YOU_GET[tier]}. We've emailed your payment link again.`;
  }
  return `You're already on the waitlist at #${position}, so there's nothing more to do: ${WHAT_YOU_GET[tier]}.`;
}

const asNew = (entry: WaitlistEntry): SignupResult => ({
  tier: entry.tier,
  position: entry.position,
  message: welcomeMessage(entry),
  isNew: true,
});

const asAlreadyJoined = (entry: WaitlistEntry, isPaymentLinkResent: boolean): SignupResult => ({
  tier: entry.tier,
  position: entry.position,
  message: alreadyJoinedMessage(entry, isPaymentLinkResent),
  isNew: false,
});

function paymentLinkEmail(entry: WaitlistEntry, link: (signupId: string) => string): OutboundMessage {
  return {
    channel: 'email',
    template: 'lifetime-place-payment',
    to: entry.email,
    position: entry.position,
    url: link(entry.id),
  };
}

function sideEffectsOf(entry: WaitlistEntry, link: WaitlistDeps['lifetimePlaceLink']): OutboundMessage[] {
  const paymentLink = entry.tier === 'lifetime_paid' && link ? [paymentLinkEmail(entry, link)] : [];
  return [
    { channel: 'crm', path: '/api/v1/waitlist', body: { email: entry.email, source: 'waitlist' } },
    {
      channel: 'email',
      template: 'waitlist-welcome',
      to: entry.email,
      position: entry.position,
      tier: entry.tier,
      message: welcomeMessage(entry),
    },
    ...paymentLink,
  ];
}

/**
 * Someone with an unpaid lifetime place signs up again: likely they lost the email, so the payment link
 * goes out again (not more often than every few minutes, whoever asks). Answers the emails it went to.
 */
async function resendPaymentLinks(deps: WaitlistDeps, entries: WaitlistEntry[]): Promise<Set<string>> {
  const resent = new Set<string>();
  const link = deps.lifetimePlaceLink;
  if (!link) return resent;
  for (const entry of entries) {
    if (entry.tier !== 'lifetime_paid' || entry.paidAt) continue;
    await deps.db.transaction(async (tx) => {
      if (!(await claimPaymentLinkResend(tx, entry.id, PAYMENT_LINK_RESEND_MINUTES))) return;
      await enqueueOutbound(deps.jobs, tx, [paymentLinkEmail(entry, link)]);
      resent.add(entry.email);
    });
  }
  return resent;
}

/**
 * Puts a batch of signups on the waitlist in one transaction, in the order given: new emails at the
 * next positions, each with its welcome email and the copy for the external data service; emails
 * already there (or twice in the batch) get their original entry and nothing is written for them.
 * Emails must already be normalised (the request schema trims and lower-cases them).
 */
export async function commitSignups(deps: WaitlistDeps, signups: Signup[]): Promise<SignupResult[]> {
  const firstOfEach = new Map<string, Signup>();
  for (const signup of signups) if (!firstOfEach.has(signup.email)) firstOfEach.set(signup.email, signup);
  const all = [...firstOfEach.values()];
  // The insert leaves out emails already on the list, so the transaction goes first and only those it
  // left out are looked up after: a burst of new signups (the case that must be fast) waits for one
  // round trip fewer a batch than with a lookup before the lock.
  const entries = await deps.db.transaction(async (tx) => {
    const total = await lockSignupCounter(tx);
    const inserted = await insertSignupsAfter(tx, total, all);
    await enqueueOutbound(
      deps.jobs,
      tx,
      inserted.flatMap((entry) => sideEffectsOf(entry, deps.lifetimePlaceLink)),
    );
    return inserted;
  });
  const added = new Map<string, WaitlistEntry>(entries.map((entry) => [entry.email, entry]));
  const last = entries.at(-1);
  if (last) deps.counters.observe(last.position);
  const leftOut = all.filter((signup) => !added.has(signup.email)).map((signup) => signup.email);
  const known = new Map((await findSignupsByEmail(deps.db, leftOut)).map((entry) => [entry.email, entry]));

  const resent = await resendPaymentLinks(deps, [...known.values()]);
  const answered = new Set<string>();
  return signups.map((signup) => {
    const entry = added.get(signup.email);
    if (entry && !answered.has(signup.email)) {
      answered.add(signup.email);
      return asNew(entry);
    }
    const existing = entry ?? known.get(signup.email);
    if (!existing) throw new Error(`no waitlist entry for a committed signup (${signup.email})`);
    return asAlreadyJoined(existing, resent.has(signup.email));
  });
}

type Waiting = { signup: Signup; resolve(result: SignupResult): void; reject(error: unknown): void };

/**
 * Signups go through one transaction at a time per app instance; whoever arrives meanwhile joins the
 * next one. Positions come from a row lock held until commit, so committing signups together (like a
 * database's group commit) is what lets a burst through: one lock, one commit, many positions.
 */
export function createSignupQueue(deps: WaitlistDeps, options: { maxBatch?: number } = {}) {
  const maxBatch = options.maxBatch ?? 200;
  const waiting: Waiting[] = [];
  let isCommitting = false;

  async function commitWaiting() {
    isCommitting = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        const results = await commitSignups(
          deps,
          batch.map((item) => item.signup),
        );
        batch.forEach((item, index) => {
          item.resolve(results[index]!);
        });
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    isCommitting = false;
  }

  return {
    signUp(signup: Signup): Promise<SignupResult> {
      return new Promise((resolve, reject) => {
        waiting.push({ signup, resolve, reject });
        if (!isCommitting) void commitWaiting();
      });
    },
  };
}
