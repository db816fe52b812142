import type { AuditPage, AuditPageEntry } from '@common/admin-people';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { NativeSelect } from '@/components/ui/select';
import { type AuditFilters, useAuditLog } from '../api/get-audit-log';
import { AdminTable, Cell, formatWhen, Pager } from './admin-table';
import { PersonLink } from './person-link';

const ACTION_LABELS: Record<string, string> = {
  'waitlist.export': 'Exported the waitlist',
  'waitlist.remove': 'Removed the waitlist place of',
  'waitlist.quarantine': 'Set aside the waitlist place of',
  'waitlist.release': 'Released to the end the waitlist place of',
  'referral.void': 'Voided the referral of',
  'message.read': 'Marked read a message from',
  'message.unread': 'Marked unread a message from',
  'delivery.retry': 'Retried an email to',
  'delivery.resend': 'Resent an email to',
  'bulletin.publish': 'Published a bulletin',
  'shift.dismiss': 'Dismissed a platform shift',
  'plan.grant': 'Granted a complimentary plan to',
  'plan.remove': 'Removed the complimentary plan of',
  'payment.refund': 'Refunded a payment to',
};

/** The detail as words: "platform: tiktok · recipients: 3"; filters that were empty are left out. */
function describeDetail(detail: Record<string, unknown>): string {
  const flat = Object.entries(detail).flatMap(([key, value]) =>
    value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [[key, value]],
  );
  const parts = flat.filter(
    ([key, value]) => key !== 'email' && value !== undefined && value !== null && value !== '',
  );
  return parts.length === 0 ? '–' : parts.map(([key, value]) => `${key}: ${String(value)}`).join(' · ');
}

function What({ entry }: { entry: AuditPageEntry }) {
  const { target } = entry;
  return (
    <>
      {ACTION_LABELS[entry.action] ?? entry.action}
      {target ? ' ' : null}
      {target?.email ? (
        <PersonLink email={target.email} />
      ) : target ? (
        <span className="font-semibold">{target.label}</span>
      ) : null}
    </>
  );
}

function Filters({
  filters,
  operators,
  actions,
  onChange,
}: {
  filters: AuditFilters;
  operators: string[];
  actions: string[];
  onChange: (filters: AuditFilters) => void;
}) {
  const id = useId();
  const set = (name: keyof AuditFilters) => (value: string) =>
    onChange({ ...filters, [name]: value || undefined });
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-operator`}>Operator</Label>
        <NativeSelect
          id={`${id}-operator`}
          value={filters.operator ?? ''}
          onChange={(event) => set('operator')(event.target.value)}
        >
          <option value="">Everyone</option>
          {operators.map((operator) => (
            <option key={operator}>{operator}</option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <NativeSelect
          id={`${id}-action`}
          value={filters.action ?? ''}
          onChange={(event) => set('action')(event.target.value)}
        >
          <option value="">Every action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {(ACTION_LABELS[action] ?? action).replace(/ (to|of)$/, '')}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set('from')(event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => set('to')(event.target.value)}
        />
      </div>
    </form>
  );
}

/** Who did what to whom, when: every operator action, 50 a page, narrowed by operator, action and day. */
export function AuditLogPanel() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  // A backwards range asks nothing of the server (which would refuse it): the filters say what to change.
  const isBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const log = useAuditLog(filters, page, !isBackwards);
  return (
    <div className="grid gap-4">
      <Filters
        filters={filters}
        operators={log.data?.operators ?? []}
        actions={log.data?.actions ?? []}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {isBackwards ? (
        <p role="alert" className="text-sm text-destructive">
          The first day comes before the last: change From or To.
        </p>
      ) : log.isPending ? (
        <LoadingStatus />
      ) : log.isError ? (
        <LoadFailed what="the audit log" onRetry={() => void log.refetch()} />
      ) : (
        <Entries page={log.data} isFiltered={Object.values(filters).some(Boolean)} onPage={setPage} />
      )}
    </div>
  );
}

function Entries({
  page,
  isFiltered,
  onPage,
}: {
  page: AuditPage;
  isFiltered: boolean;
  onPage: (page: number) => void;
}) {
  if (page.entries.length === 0) {
    return (
      <p className="text-muted-foreground">
        {isFiltered ? 'No operator action matches these filters.' : 'No operator actions yet.'}
      </p>
    );
  }
  return (
    <>
      <AdminTable caption="Operator actions" headers={['When', 'Who', 'What', 'Details']}>
        {page.entries.map((entry) => (
          <tr key={entry.id}>
            <Cell className="whitespace-nowrap">{formatWhen(entry.createdAt)}</Cell>
            <Cell className="whitespace-nowrap">{entry.operatorEmail}</Cell>
            <Cell>
              <What entry={entry} />
            </Cell>
            <Cell className="text-xs [overflow-wrap:anywhere]">{describeDetail(entry.detail)}</Cell>
          </tr>
        ))}
      </AdminTable>
      <Pager
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        onPage={onPage}
        noun={['action', 'actions']}
      />
    </>
  );
}
