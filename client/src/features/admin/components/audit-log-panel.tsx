import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { useAuditLog } from '../api/get-audit-log';
import { AdminTable, Cell, formatWhen } from './admin-table';

const ACTION_LABELS: Record<string, string> = {
  'waitlist.export': 'Exported the waitlist',
  'message.read': 'Marked a message read',
  'message.unread': 'Marked a message unread',
  'delivery.retry': 'Retried a delivery',
  'bulletin.publish': 'Published a bulletin',
};

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
          <Cell className="break-all">{entry.operatorEmail}</Cell>
          <Cell>{ACTION_LABELS[entry.action] ?? entry.action}</Cell>
          <Cell className="font-mono text-xs break-all">
            {[entry.targetId, Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : null]
              .filter(Boolean)
              .join(' ')}
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}
