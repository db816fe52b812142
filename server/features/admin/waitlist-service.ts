import {
  ADMIN_PAGE_SIZE,
  type AdminWaitlistPage,
  type AdminWaitlistRow,
  type WaitlistFilters,
} from '@common/admin';
import type { CurrentUser } from '@common/auth-schemas';
import { londonDate } from '@common/calendar';
import type { Db } from '../../db/client';
import { csvRow } from '../../http/csv-download';
import { findSuppressedEmails } from '../../jobs/suppression-store';
import { findSignupPage, findSignupsAfter, type ListedSignup } from '../waitlist/public';
import { recordOperatorAction } from './store';

/** The signups with whether each address unsubscribed from waitlist emails. */
async function withUnsubscribed(db: Db, rows: ListedSignup[]) {
  const suppressed = await findSuppressedEmails(
    db,
    rows.map((row) => row.email),
  );
  return rows.map((row) => ({ ...row, isUnsubscribed: suppressed.has(row.email) }));
}

const toRow = (row: ListedSignup & { isUnsubscribed: boolean }): AdminWaitlistRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  lapsesAt: row.lapsesAt?.toISOString() ?? null,
});

/** One page of the waitlist in position order, with how many rows match in all. */
export async function findWaitlistPage(
  db: Db,
  filters: WaitlistFilters,
  page: number,
): Promise<AdminWaitlistPage> {
  const { rows, total, sources } = await findSignupPage(db, filters, page);
  return {
    rows: (await withUnsubscribed(db, rows)).map(toRow),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    sources,
  };
}

/** The export's file name, by London's day, as the operator's calendar reads it (not UTC's). */
export function waitlistExportName(now: Date): string {
  return `ballast-waitlist-${londonDate(now)}.csv`;
}

export const WAITLIST_CSV_HEADER = [
  'position',
  'email',
  'tier',
  'signup_source',
  'signed_up_at',
  'paid_at',
  'confirmed_at',
  'lapses_at',
  'unsubscribed',
  'flags',
  'referrals_counted',
];

const CSV_BATCH = 2_000;

/**
 * The filtered waitlist as CSV lines, read in batches by position (keyset, not offset), so 100,000 rows
 * stream out in constant memory and each batch is one indexed range scan (and one lookup of its
 * addresses on the suppression list).
 */
async function* waitlistCsvLines(db: Db, filters: WaitlistFilters): AsyncGenerator<string> {
  yield csvRow(WAITLIST_CSV_HEADER);
  let after = 0;
  for (;;) {
    const rows = await withUnsubscribed(db, await findSignupsAfter(db, filters, after, CSV_BATCH));
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
          row.confirmedAt?.toISOString() ?? null,
          row.lapsesAt?.toISOString() ?? null,
          row.isUnsubscribed ? 'yes' : 'no',
          row.flags.join(' '),
          row.referrals,
        ]),
      )
      .join('');
    after = rows.at(-1)!.position;
  }
}

/** The filtered waitlist's CSV lines; the export is recorded before any line is read. */
export async function exportWaitlist(db: Db, operator: CurrentUser, filters: WaitlistFilters) {
  await recordOperatorAction(db, operator, 'waitlist.export', null, { filters });
  return waitlistCsvLines(db, filters);
}
