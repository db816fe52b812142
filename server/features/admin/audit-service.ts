import { ADMIN_PAGE_SIZE } from '@common/admin';
import type { AuditPage, AuditQuery } from '@common/admin-people';
import type { Db } from '../../db/client';
import { findOutboxRecipients } from '../../jobs/outbox-store';
import { findAddressesOf } from '../auth/public';
import { findMessageAddresses } from '../contact/public';
import { findSignupAddresses } from '../waitlist/public';
import { listOperatorActions } from './store';

type Row = Awaited<ReturnType<typeof listOperatorActions>>['rows'][number];
type Target = AuditPage['entries'][number]['target'];

/** What each action's target id names: a waitlist place, an account, a message, an email, or a thing. */
const TARGET_KIND: Record<string, 'place' | 'account' | 'message' | 'delivery'> = {
  'waitlist.remove': 'place',
  'waitlist.quarantine': 'place',
  'waitlist.release': 'place',
  'referral.void': 'place',
  'plan.grant': 'account',
  'plan.remove': 'account',
  'payment.refund': 'account',
  'message.read': 'message',
  'message.unread': 'message',
  'delivery.retry': 'delivery',
  'delivery.resend': 'delivery',
};

const GONE: Record<string, string> = {
  place: 'a place since deleted',
  account: 'an account since deleted',
  message: 'a message since deleted',
  delivery: 'an email since deleted',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idsOf(rows: Row[], kind: string, isUuid: boolean): string[] {
  const ids = rows.flatMap((row) => (row.targetId && TARGET_KIND[row.action] === kind ? [row.targetId] : []));
  return [...new Set(isUuid ? ids.filter((id) => UUID.test(id)) : ids)];
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** A thing with no person behind it, named from the entry's own detail. */
function namedFromDetail(row: Row): Target {
  const platform = text(row.detail.platform);
  if (row.action === 'bulletin.publish' && platform) return { label: `for ${platform}`, email: null };
  if (row.action === 'shift.dismiss' && platform) return { label: `on ${platform}`, email: null };
  return null;
}

/**
 * The log's page with each entry's target named as it is now: the address of the place, account,
 * message or email it acted on (linking to that person's page), read in one look-up per kind for the
 * whole page. A removed place is named by the address its entry kept.
 */
export async function findAuditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { rows, total, operators, actions } = await listOperatorActions(db, query);
  const [places, accounts, messages, deliveries] = await Promise.all([
    findSignupAddresses(db, idsOf(rows, 'place', true)),
    findAddressesOf(db, idsOf(rows, 'account', false)),
    findMessageAddresses(db, idsOf(rows, 'message', true)),
    findOutboxRecipients(db, idsOf(rows, 'delivery', true)),
  ]);
  const found = { place: places, account: accounts, message: messages, delivery: deliveries };

  function targetOf(row: Row): Target {
    const kind = TARGET_KIND[row.action];
    if (!kind || !row.targetId) return namedFromDetail(row);
    const email = found[kind].get(row.targetId) ?? (kind === 'place' ? text(row.detail.email) : null);
    return email ? { label: email, email } : { label: GONE[kind]!, email: null };
  }

  return {
    entries: rows.map((row) => ({ ...row, target: targetOf(row), createdAt: row.createdAt.toISOString() })),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    operators,
    actions,
  };
}
