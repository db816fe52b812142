import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/*
 * What a signup says about where it came from, for the fraud rules of docs/decisions/064-referrals.md:
 * a disposable-mail domain, an alias of an address already on the list, and bursts from one network or
 * of the whole list. Signals only flag places for operators and void referrals; nobody is refused.
 */

/** The signups from one network within NETWORK_BURST_MINUTES that make a burst. */
export const NETWORK_BURST_SIGNUPS = 5;
export const NETWORK_BURST_MINUTES = 10;
/** Signups to the whole list within one minute that make a burst: two a second, held for a minute. */
export const LIST_BURST_PER_MINUTE = 120;

let disposable: Set<string> | undefined;

/**
 * Whether the address is at a disposable-mail domain, or a subdomain of one, by the list published on
 * npm as `disposable-email-domains-js` (`npm run update:disposable-domains` moves it to its latest).
 */
export function isDisposableAddress(email: string): boolean {
  disposable ??= disposableEmailBlocklistSet();
  const labels = email.slice(email.lastIndexOf('@') + 1).split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    if (disposable.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}

/** The network an address is in: the first three parts of an IPv4 address, the first three groups of IPv6. */
export function networkOf(ip: string): string | null {
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(mapped) === 4) return mapped.split('.').slice(0, 3).join('.');
  if (isIP(mapped) !== 6) return null;
  const [head = '', tail = ''] = mapped.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups
    .slice(0, 3)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * The network keyed under the session secret: signups from one network can be counted together, and
 * the stored key says nothing of the address.
 */
export function networkKey(secret: string, ip: string): string | null {
  const network = networkOf(ip);
  if (!network) return null;
  return createHmac('sha256', secret).update(`waitlist-network:${network}`).digest('base64url').slice(0, 22);
}

/**
 * Under the counter lock, after a batch of signups is inserted at `now`: flags the new places (and the
 * earlier places of a burst that only now shows) for operators. One statement for the batch.
 */
export async function flagNewSignups(tx: Tx, ids: string[], disposableIds: string[], now: Date) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    WITH batch AS (
      SELECT id, mailbox, network FROM waitlist_signups WHERE id = ANY(${sql.param(ids)}::uuid[])
    ), list_burst AS (
      SELECT count(*) >= ${LIST_BURST_PER_MINUTE}::int AS is_burst FROM waitlist_signups
      WHERE created_at > ${now}::timestamptz - interval '1 minute' AND created_at <= ${now}::timestamptz
    ), burst_networks AS (
      SELECT s.network FROM waitlist_signups s
      WHERE s.network IN (SELECT network FROM batch)
        AND s.created_at > ${now}::timestamptz - make_interval(mins => ${NETWORK_BURST_MINUTES}::int)
        AND s.created_at <= ${now}::timestamptz
      GROUP BY s.network HAVING count(*) >= ${NETWORK_BURST_SIGNUPS}::int
    ), flagged AS (
      SELECT s.id, array_remove(ARRAY[
        CASE WHEN s.id = ANY(${sql.param(disposableIds)}::uuid[]) THEN 'disposable' END,
        CASE WHEN s.id IN (SELECT id FROM batch) AND EXISTS (
          SELECT 1 FROM waitlist_signups o WHERE o.mailbox = s.mailbox AND o.id <> s.id) THEN 'alias' END,
        CASE WHEN s.network IN (SELECT network FROM burst_networks) THEN 'network-burst' END,
        CASE WHEN s.id IN (SELECT id FROM batch) AND (SELECT is_burst FROM list_burst) THEN 'burst' END
      ], NULL) AS found
      FROM waitlist_signups s
      WHERE s.id IN (SELECT id FROM batch)
         OR (s.network IN (SELECT network FROM burst_networks)
             AND s.created_at > ${now}::timestamptz - make_interval(mins => ${NETWORK_BURST_MINUTES}::int))
    )
    UPDATE waitlist_signups s
    SET flags = ARRAY(SELECT DISTINCT unnest(s.flags || flagged.found) ORDER BY 1)
    FROM flagged
    WHERE s.id = flagged.id AND NOT (flagged.found <@ s.flags)`);
}
