import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { useAuditLog } from '../api/get-audit-log';
import { AdminTable, Cell, formatWhen } from './admin-table';

const ACTION_LABELS: Record<string, string> = {
  'waitlist.export': 'Exported the waitlist',
  'message.read': 'Marked a message read',
  'message.unread': 'Marked a message unread',
  'delivery.retry': 'Retried a delivery',
  'bulletin.publish': 'Published a bulletin',
  'shift.dismiss': 'Dismissed a platform shift',
  'plan.grant': 'Granted a complimentary plan',
  'plan.remove': 'Removed a complimentary plan',
  'payment.refund': 'Refunded a payment',
};

/** The detail as words: "platform: tiktok · recipients: 3"; filters that were empty are left out. */
function describeDetail(detail: Record<string, unknown>): string {
  const flat = Object.entries(detail).flatMap(([key, value]) =>
    value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [[key, value]],
  );
  const parts = flat.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return parts.length === 0 ? '–' : parts.map(([key, value]) => `${key}: ${String(value)}`).join(' · ');
}

/** Who did what, when: the latest operator actions. */
export function AuditLogPanel() {
  const log = useAuditLog();
  if (log.isPending) return <LoadingStatus />;
  if (log.isError) return <LoadFailed what="the audit log" onRetry={() => void log.refetch()} />;
  if (log.data.length === 0) return <p className="text-muted-foreground">No operator actions yet.</p>;
  return (
    <AdminTable caption="Operator actions" headers={['When', 'Who', 'What', 'Details']}>
      {log.data.map((entry) => (
        <tr key={entry.id}>
          <Cell className="whitespace-nowrap">{formatWhen(entry.createdAt)}</Cell>
          <Cell className="whitespace-nowrap">{entry.operatorEmail}</Cell>
          <Cell>{ACTION_LABELS[entry.action] ?? entry.action}</Cell>
          <Cell className="text-xs [overflow-wrap:anywhere]">{describeDetail(entry.detail)}</Cell>
        </tr>
      ))}
    </AdminTable>
  );
}
