import { ADMIN_PAGE_SIZE, type WaitlistFilters } from '@common/admin';
import type { WaitlistTier } from '@common/waitlist';
import { and, asc, count, eq, gt, ilike, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistSignups } from '../../db/schema/waitlist';

/* The waitlist as the operators' console lists and exports it, through public.ts. */

/** `%` and `_` typed into the search are letters to find, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Places held or kept: one that lapsed holds no position, and is not listed. */
function whereOf(filters: WaitlistFilters): SQL | undefined {
  return and(
    isNotNull(waitlistSignups.position),
    filters.q ? ilike(waitlistSignups.email, `%${likeEscape(filters.q.toLowerCase())}%`) : undefined,
    filters.tier ? eq(waitlistSignups.tier, filters.tier) : undefined,
    filters.source ? eq(waitlistSignups.signupSource, filters.source) : undefined,
    filters.flagged ? sql`cardinality(${waitlistSignups.flags}) > 0` : undefined,
  );
}

const ROW = {
  id: waitlistSignups.id,
  position: sql<number>`${waitlistSignups.position}`,
  email: waitlistSignups.email,
  tier: waitlistSignups.tier,
  signupSource: waitlistSignups.signupSource,
  createdAt: waitlistSignups.createdAt,
  paidAt: waitlistSignups.paidAt,
  confirmedAt: waitlistSignups.confirmedAt,
  lapsesAt: waitlistSignups.lapsesAt,
  flags: waitlistSignups.flags,
  referralStatus: waitlistSignups.referralStatus,
  referrals: sql<number>`(SELECT count(*)::int FROM waitlist_signups f
    WHERE f.referred_by = waitlist_signups.id AND f.referral_status = 'counted')`,
};

export type ListedSignup = {
  id: string;
  position: number;
  email: string;
  tier: WaitlistTier;
  signupSource: string;
  createdAt: Date;
  paidAt: Date | null;
  /** When the address was confirmed (the place is kept); null while it is only held. */
  confirmedAt: Date | null;
  /** When a held place lapses unless confirmed. */
  lapsesAt: Date | null;
  flags: string[];
  referralStatus: 'counted' | 'void' | null;
  /** Referrals that counted for this place. */
  referrals: number;
};

/** One page of signups in position order, how many match in all, and every signup source there is. */
export async function findSignupPage(
  db: Db,
  filters: WaitlistFilters,
  page: number,
): Promise<{ rows: ListedSignup[]; total: number; sources: string[] }> {
  const where = whereOf(filters);
  const [rows, [matching], sources] = await Promise.all([
    db
      .select(ROW)
      .from(waitlistSignups)
      .where(where)
      .orderBy(asc(waitlistSignups.position))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(waitlistSignups).where(where),
    db
      .selectDistinct({ source: waitlistSignups.signupSource })
      .from(waitlistSignups)
      .orderBy(asc(waitlistSignups.signupSource)),
  ]);
  return {
    rows,
    total: matching?.total ?? 0,
    sources: sources.map((row) => row.source),
  };
}

/**
 * The next `limit` matching signups after position `after` (keyset, not offset): each batch of an
 * export is one indexed range scan.
 */
export async function findSignupsAfter(
  db: Db,
  filters: WaitlistFilters,
  after: number,
  limit: number,
): Promise<ListedSignup[]> {
  return db
    .select(ROW)
    .from(waitlistSignups)
    .where(and(whereOf(filters), gt(waitlistSignups.position, after)))
    .orderBy(asc(waitlistSignups.position))
    .limit(limit);
}

export type PlaceOfAddress = Omit<ListedSignup, 'position'> & {
  position: number | null;
  quarantinedAt: Date | null;
  referralVoidReason: string | null;
};

/** The address's place, held, kept, lapsed or set aside, for the person's console page; null if none. */
export async function findPlaceByEmail(db: Db, email: string): Promise<PlaceOfAddress | null> {
  const [row] = await db
    .select({
      ...ROW,
      position: waitlistSignups.position,
      quarantinedAt: waitlistSignups.quarantinedAt,
      referralVoidReason: waitlistSignups.referralVoidReason,
    })
    .from(waitlistSignups)
    .where(eq(waitlistSignups.email, email))
    .limit(1);
  return row ?? null;
}

/** The address of each of these places that still exists, for the audit log's names. */
export async function findSignupAddresses(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: waitlistSignups.id, email: waitlistSignups.email })
    .from(waitlistSignups)
    .where(sql`${waitlistSignups.id} = ANY(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.email]));
}
