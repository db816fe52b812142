import type { WaitlistFilters } from '@common/admin';
import { WAITLIST_TIERS } from '@common/waitlist';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { NativeSelect } from '@/components/ui/select';
import { AUDIT_LOG_KEY } from '../api/get-audit-log';
import { useAdminWaitlist, waitlistSearch } from '../api/get-waitlist';
import { usePlaceAction } from '../api/waitlist-operations';
import { AdminTable, Cell, formatWhen, Pager } from './admin-table';
import { ReasonDialog } from './lazy-reason-dialog';
import { PersonLink } from './person-link';
import { FLAG_LABELS, TIER_LABELS, WaitlistOverview } from './waitlist-overview';

const ACTIONS = {
  remove: {
    label: 'Remove',
    title: 'Remove these places?',
    done: 'removed',
    what: 'They leave the list for good and everyone after them moves up. Confirmed addresses are told by email.',
  },
  quarantine: {
    label: 'Set aside',
    title: 'Set these places aside?',
    done: 'set aside',
    what: 'They leave the list until released (at its end) and everyone after them moves up. Confirmed addresses are told by email.',
  },
} as const;

/** Search, filter and page through the waitlist; export what the filters select as CSV. */
export function WaitlistPanel() {
  const [filters, setFilters] = useState<WaitlistFilters>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // One request once typing pauses, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) =>
        current.q === (search || undefined) ? current : { ...current, q: search || undefined },
      );
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const waitlist = useAdminWaitlist(filters, page);
  const queryClient = useQueryClient();
  const ids = { search: useId(), tier: useId(), source: useId(), flagged: useId() };
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [acting, setActing] = useState<keyof typeof ACTIONS | null>(null);
  const placeAction = usePlaceAction();
  const change = (next: Partial<WaitlistFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="grid gap-4">
      <WaitlistOverview />
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={ids.search}>Search by email</Label>
          <Input
            id={ids.search}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.tier}>Tier</Label>
          <NativeSelect
            id={ids.tier}
            value={filters.tier ?? ''}
            onChange={(event) =>
              change({ tier: (event.target.value || undefined) as WaitlistFilters['tier'] })
            }
          >
            <option value="">All tiers</option>
            {WAITLIST_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {TIER_LABELS[tier]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.source}>Source</Label>
          <NativeSelect
            id={ids.source}
            value={filters.source ?? ''}
            onChange={(event) => change({ source: event.target.value || undefined })}
          >
            <option value="">All sources</option>
            {waitlist.data?.sources.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.flagged}>Flags</Label>
          <NativeSelect
            id={ids.flagged}
            value={filters.flagged ?? ''}
            onChange={(event) => change({ flagged: event.target.value === 'yes' ? 'yes' : undefined })}
          >
            <option value="">All places</option>
            <option value="yes">Flagged only</option>
          </NativeSelect>
        </div>
        <Button asChild variant="outline">
          <a
            href={`/api/admin/waitlist/export${waitlistSearch(filters)}`}
            download
            onClick={() =>
              setTimeout(() => void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }), 1000)
            }
          >
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      {waitlist.isPending ? (
        <LoadingStatus />
      ) : waitlist.isError ? (
        <LoadFailed what="the waitlist" onRetry={() => void waitlist.refetch()} />
      ) : waitlist.data.rows.length === 0 ? (
        <p className="text-muted-foreground">No signups match.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3" aria-live="polite">
            <span className="text-sm">{selected.size} selected</span>
            {(Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).map((action) => (
              <Button
                key={action}
                variant="outline"
                disabled={selected.size === 0}
                onClick={() => setActing(action)}
              >
                {ACTIONS[action].label}
              </Button>
            ))}
          </div>
          <AdminTable
            caption="Waitlist signups"
            headers={[
              '',
              '#',
              'Email',
              'Tier',
              'Place',
              'Flags',
              'Referrals',
              'Source',
              'Signed up',
              '£5 paid',
              'Emails',
            ]}
          >
            {waitlist.data.rows.map((row) => (
              <tr key={row.id}>
                <Cell>
                  <input
                    type="checkbox"
                    className="size-11"
                    aria-label={`Select ${row.email}`}
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </Cell>
                <Cell className="font-semibold">{row.position}</Cell>
                <Cell>
                  <PersonLink email={row.email} />
                </Cell>
                <Cell>{TIER_LABELS[row.tier]}</Cell>
                <Cell className="whitespace-nowrap">
                  {row.confirmedAt
                    ? 'Kept'
                    : `Held until ${row.lapsesAt ? formatWhen(row.lapsesAt) : 'confirmed'}`}
                </Cell>
                <Cell>{row.flags.map((flag) => FLAG_LABELS[flag] ?? flag).join(', ') || '–'}</Cell>
                <Cell>{row.referrals}</Cell>
                <Cell>{row.signupSource}</Cell>
                <Cell className="whitespace-nowrap">{formatWhen(row.createdAt)}</Cell>
                <Cell>{row.tier === 'lifetime_paid' ? (row.paidAt ? 'Paid' : 'Unpaid') : '–'}</Cell>
                <Cell>{row.isUnsubscribed ? 'Unsubscribed' : 'Subscribed'}</Cell>
              </tr>
            ))}
          </AdminTable>
          <Pager
            page={page}
            pageSize={waitlist.data.pageSize}
            total={waitlist.data.total}
            onPage={setPage}
            noun={['signup', 'signups']}
          />
        </>
      )}
      {acting ? (
        <ReasonDialog
          title={ACTIONS[acting].title}
          description={`${selected.size} ${selected.size === 1 ? 'place' : 'places'}. ${ACTIONS[acting].what}`}
          confirmLabel={ACTIONS[acting].label}
          onConfirm={async (reason) => {
            const { places } = await placeAction.mutateAsync({ ids: [...selected], action: acting, reason });
            setSelected(new Set());
            return `${places} ${places === 1 ? 'place' : 'places'} ${ACTIONS[acting].done}`;
          }}
          onClose={() => setActing(null)}
        />
      ) : null}
    </div>
  );
}
