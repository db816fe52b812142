import { tierForPosition, type WaitlistTier } from '@common/waitlist';
import type { WaitlistSignupResponse } from '@common/waitlist-schemas';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { OutboundMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { hasRecentEmailTo } from '../../jobs/outbox-store';
import { createPlaceToken } from './place-token';
import { placeLink } from './referral-link';
import { flagNewSignups, isDisposableAddress } from './signup-signals';
import { findSignupsByEmail, insertSignupsAfter, lockSignupCounter, type WaitlistEntry } from './store';

export type WaitlistDeps = {
  db: Db;
  jobs: Jobs;
  now: Clock;
  /** Signs the links in waitlist emails (the session secret). */
  secret: string;
  publicUrl: string;
  /** The £5 payment link for a lifetime place; unset while payments are off (the welcome says it follows). */
  lifetimePlaceLink?: (signupId: string) => string;
};

/** A held place lapses this long after signup unless its address is confirmed from the welcome email. */
export const CONFIRM_WITHIN_HOURS = 48;

/** Signing up an address already on the list emails it its standing, at most this often. */
export const STANDING_EMAIL_MINUTES = 10;

export type Signup = {
  email: string;
  signupSource: string;
  /** The signup's network, keyed (signup-signals.ts); null when the connection's address is unknown. */
  network?: string | null;
  /** The referral link's code it came through, if any. */
  referralCode?: string | null;
};

export type SignupResult = WaitlistSignupResponse & { isNew: boolean };

const WHAT_YOU_GET: Record<WaitlistTier, string> = {
  free: 'lifetime free access is yours',
  lifetime_paid: 'lifetime access for £5 is reserved for you',
  waitlist: "we'll email you as soon as your spot opens",
};

/**
 * What the success view says of a signup, new or not (an address already on the list is answered the
 * same way, and told its standing by email only): the place is held, and kept once confirmed.
 */
export function welcomeMessage({ position, tier }: Pick<WaitlistEntry, 'position' | 'tier'>): string {
  return `Confirm within ${CONFIRM_WITHIN_HOURS} hours to keep #${position}: open the link we've emailed you, and ${WHAT_YOU_GET[tier]}.`;
}

/** The place's standing, in the email to its own address when someone signs it up again. */
export function standingMessage({ position, tier, paidAt, confirmedAt }: WaitlistEntry): string {
  if (!confirmedAt) return welcomeMessage({ position, tier });
  if (tier === 'lifetime_paid' && paidAt) {
    return `You're on the waitlist at #${position}, so there's nothing more to do: your lifetime access is paid.`;
  }
  return `You're on the waitlist at #${position}, so there's nothing more to do: ${WHAT_YOU_GET[tier]}.`;
}

/** The path (with its token) that keeps a held place, working until it lapses. */
export function confirmPath(secret: string, place: Pick<WaitlistEntry, 'id' | 'lapsesAt'>): string {
  const token = createPlaceToken(secret, 'waitlist-confirm', place.id, place.lapsesAt ?? new Date(0));
  return `/api/waitlist/confirm?token=${token}`;
}

/** The link that keeps a held place, as the welcome email carries it. */
export function confirmLink(deps: Pick<WaitlistDeps, 'secret' | 'publicUrl'>, place: WaitlistEntry): string {
  return `${deps.publicUrl}${confirmPath(deps.secret, place)}`;
}

export function paymentLinkEmail(
  entry: Pick<WaitlistEntry, 'id' | 'email' | 'position'>,
  link: (signupId: string) => string,
): OutboundMessage {
  return {
    channel: 'email',
    template: 'lifetime-place-payment',
    to: entry.email,
    position: entry.position,
    url: link(entry.id),
  };
}

/** The welcome, with the link that keeps a held place; `message` is what the success view said. */
export function welcomeEmail(
  deps: WaitlistDeps,
  entry: WaitlistEntry,
  message: string,
  template: 'waitlist-welcome' | 'waitlist-standing' = 'waitlist-welcome',
): OutboundMessage {
  return {
    channel: 'email',
    template,
    to: entry.email,
    position: entry.position,
    tier: entry.tier,
    message,
    placeUrl: placeLink(deps, entry.id, deps.now()),
    ...(entry.confirmedAt
      ? {}
      : { confirmUrl: confirmLink(deps, entry), confirmBy: entry.lapsesAt?.toISOString() }),
  };
}

function sideEffectsOf(deps: WaitlistDeps, entry: WaitlistEntry): OutboundMessage[] {
  return [
    { channel: 'crm', path: '/api/v1/waitlist', body: { email: entry.email, source: 'waitlist' } },
    welcomeEmail(deps, entry, welcomeMessage(entry)),
  ];
}

/**
 * Someone signed up an address already on the list: the address itself is told its standing (with the
 * link that keeps a held place, or an unpaid £5 place's payment link), not more often than every few
 * minutes, whoever asks. Nothing of it goes back to whoever asked.
 */
async function emailStandings(deps: WaitlistDeps, entries: WaitlistEntry[]): Promise<void> {
  for (const entry of entries) {
    await deps.db.transaction(async (tx) => {
      // One asker at a time per address, so two signups at once send one email between them.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`waitlist-standing:${entry.email}`}))`);
      if (await hasRecentEmailTo(tx, entry.email, 'waitlist-standing', STANDING_EMAIL_MINUTES)) return;
      const unpaid = entry.confirmedAt && entry.tier === 'lifetime_paid' && !entry.paidAt;
      await enqueueOutbound(deps.jobs, tx, [
        welcomeEmail(deps, entry, standingMessage(entry), 'waitlist-standing'),
        ...(unpaid && deps.lifetimePlaceLink ? [paymentLinkEmail(entry, deps.lifetimePlaceLink)] : []),
      ]);
    });
  }
}

/**
 * Holds places for a batch of signups in one transaction, in the order given: new emails at the next
 * positions, each with its welcome email (and the link that keeps it) and the copy for the external
 * data service. An email already on the list (or twice in the batch) is answered as a new one would be,
 * at the next position, and nothing is written for it but an email to the address with its standing.
 * Emails must already be normalised (the request schema trims and lower-cases them).
 */
export async function commitSignups(deps: WaitlistDeps, signups: Signup[]): Promise<SignupResult[]> {
  const firstOfEach = new Map<string, Signup>();
  for (const signup of signups) if (!firstOfEach.has(signup.email)) firstOfEach.set(signup.email, signup);
  const all = [...firstOfEach.values()];
  const now = deps.now();
  const lapsesAt = new Date(now.getTime() + CONFIRM_WITHIN_HOURS * 3_600_000);
  // The insert leaves out emails already on the list, so the transaction goes first and only those it
  // left out are looked up after: a burst of new signups (the case that must be fast) waits for one
  // round trip fewer a batch than with a lookup before the lock.
  const { entries, next } = await deps.db.transaction(async (tx) => {
    const total = await lockSignupCounter(tx);
    const inserted = await insertSignupsAfter(tx, total, all, { now, lapsesAt });
    const disposable = inserted.filter((entry) => isDisposableAddress(entry.email));
    await flagNewSignups(
      tx,
      inserted.map((entry) => entry.id),
      disposable.map((entry) => entry.id),
      now,
    );
    await enqueueOutbound(
      deps.jobs,
      tx,
      inserted.flatMap((entry) => sideEffectsOf(deps, entry)),
    );
    return { entries: inserted, next: total + inserted.length + 1 };
  });
  const added = new Map<string, WaitlistEntry>(entries.map((entry) => [entry.email, entry]));
  const leftOut = all.filter((signup) => !added.has(signup.email)).map((signup) => signup.email);
  await emailStandings(deps, await findSignupsByEmail(deps.db, leftOut));

  const answered = new Set<string>();
  return signups.map((signup) => {
    const entry = added.get(signup.email);
    if (entry && !answered.has(signup.email)) {
      answered.add(signup.email);
      return { tier: entry.tier, position: entry.position, message: welcomeMessage(entry), isNew: true };
    }
    // As a new signup would be answered at this moment: the next place, and the same words.
    const position = next;
    const tier = tierForPosition(position);
    return { tier, position, message: welcomeMessage({ position, tier }), isNew: false };
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
