import {
  ADMIN_PAGE_SIZE,
  type AdminWaitlistPage,
  type AdminWaitlistRow,
  type WaitlistFilters,
} from '@common/admin';
import { and, asc, count, eq, gt, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailSuppressions } from '../../db/schema/email';
import { waitlistSignups } from '../../db/schema/waitlist';
import { csvRow } from '../../http/csv-download';

/** `%` and `_` typed into the search are letters to find, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filters: WaitlistFilters): SQL | undefined {
  return and(
    filters.q ? ilike(waitlistSignups.email, `%${likeEscape(filters.q.toLowerCase())}%`) : undefined,
    filters.tier ? eq(waitlistSignups.tier, filters.tier) : undefined,
    filters.source ? eq(waitlistSignups.signupSource, filters.source) : undefined,
  );
}

const ROW = {
  id: waitlistSignups.id,
  position: waitlistSignups.position,
  email: waitlistSignups.email,
  tier: waitlistSignups.tier,
  signupSource: waitlistSignups.signupSource,
  createdAt: waitlistSignups.createdAt,
  paidAt: waitlistSignups.paidAt,
  isUnsubscribed: sql<boolean>`${emailSuppressions.email} IS NOT NULL`,
};

function selectRows(db: Db) {
  return db
    .select(ROW)
    .from(waitlistSignups)
    .leftJoin(emailSuppressions, eq(emailSuppressions.email, waitlistSignups.email));
}

type RowRecord = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const toRow = (row: RowRecord): AdminWaitlistRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** One page of the waitlist in position order, with how many rows match in all. */
export async function findWaitlistPage(
  db: Db,
  filters: WaitlistFilters,
  page: number,
): Promise<AdminWaitlistPage> {
  const where = whereOf(filters);
  const [rows, [matching], sources] = await Promise.all([
    selectRows(db)
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
    rows: rows.map(toRow),
    total: matching?.total ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    sources: sources.map((row) => row.source),
  };
}

export const WAITLIST_CSV_HEADER = [
  'position',
  'email',
  'tier',
  'signup_source',
  'signed_up_at',
  'paid_at',
  'unsubscribed',
];

const CSV_BATCH = 2_000;

/**
 * The filtered waitlist as CSV lines, read in batches by position (keyset, not offset), so 100,000 rows
 * stream out in constant memory and each batch is one indexed range scan.
 */
export async function* waitlistCsvLines(db: Db, filters: WaitlistFilters): AsyncGenerator<string> {
  yield csvRow(WAITLIST_CSV_HEADER);
  const where = whereOf(filters);
  let after = 0;
  for (;;) {
    const rows = await selectRows(db)
      .where(and(where, gt(waitlistSignups.position, after)))
      .orderBy(asc(waitlistSignups.position))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvRow([
          row.position,
          row.email,
          row.tier,
          row.signupSource,
          row.createdAt.toISOString(),
          row.paidAt?.toISOString() ?? null,
          row.isUnsubscribed ? 'yes' : 'no',
        ]),
      )
      .join('');
    after = rows.at(-1)!.position;
  }
}
