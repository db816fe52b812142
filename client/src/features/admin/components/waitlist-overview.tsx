import type { WaitlistOverview as Overview } from '@common/admin';
import { FREE_SPOTS, LIFETIME_SPOTS } from '@common/waitlist';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { useReleasePlace, useVoidReferral, useWaitlistOverview } from '../api/waitlist-operations';
import { AdminTable, Cell, formatWhen } from './admin-table';
import { ReasonDialog } from './lazy-reason-dialog';
import { PersonLink } from './person-link';

export const TIER_LABELS: Record<string, string> = {
  free: 'Free',
  lifetime_paid: 'Lifetime £5',
  waitlist: 'Waitlist',
};

export const FLAG_LABELS: Record<string, string> = {
  disposable: 'Disposable domain',
  alias: 'Alias',
  'network-burst': 'Network burst',
  burst: 'List burst',
};

const TIER_SIZES: Record<string, number | null> = {
  free: FREE_SPOTS,
  lifetime_paid: LIFETIME_SPOTS,
  waitlist: null,
};

function Counts({ title, rows }: { title: string; rows: { label: string; signups: number }[] }) {
  const most = Math.max(1, ...rows.map((row) => row.signups));
  return (
    <section className="grid gap-2" aria-label={title}>
      <h3 className="text-sm font-bold uppercase">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.label} className="grid grid-cols-[8rem_1fr_auto] items-center gap-2">
              <span className="truncate">{row.label}</span>
              <span className="h-2 rounded bg-primary" style={{ width: `${(row.signups / most) * 100}%` }} />
              <span className="tabular-nums">{row.signups.toLocaleString('en-GB')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Referrals({ overview }: { overview: Overview }) {
  const [voiding, setVoiding] = useState<Overview['referrals'][number] | null>(null);
  const voidReferral = useVoidReferral();
  if (overview.referrers.length === 0 && overview.referrals.length === 0) {
    return <p className="text-sm text-muted-foreground">No referrals yet.</p>;
  }
  return (
    <>
      <AdminTable caption="Top referrers" headers={['Referrer', 'Place', 'Counted', 'Voided']}>
        {overview.referrers.map((row) => (
          <tr key={row.id}>
            <Cell>
              <PersonLink email={row.email} />
            </Cell>
            <Cell>{row.position ?? '–'}</Cell>
            <Cell>{row.counted}</Cell>
            <Cell>{row.voided}</Cell>
          </tr>
        ))}
      </AdminTable>
      <AdminTable caption="Referrals, voided first" headers={['Friend', 'Referrer', 'Counts', 'Joined', '']}>
        {overview.referrals.map((row) => (
          <tr key={row.id}>
            <Cell>
              <PersonLink email={row.email} />
            </Cell>
            <Cell>
              <PersonLink email={row.referrer} />
            </Cell>
            <Cell>{row.status === 'counted' ? 'Yes' : `No: ${row.reason}`}</Cell>
            <Cell className="whitespace-nowrap">{formatWhen(row.createdAt)}</Cell>
            <Cell>
              {row.status === 'counted' ? (
                <Button variant="outline" onClick={() => setVoiding(row)}>
                  Void
                </Button>
              ) : null}
            </Cell>
          </tr>
        ))}
      </AdminTable>
      {voiding ? (
        <ReasonDialog
          title="Void this referral?"
          description={`${voiding.email} stops counting for ${voiding.referrer}, who moves back the places it gave them; those they passed move up.`}
          confirmLabel="Void referral"
          onConfirm={async (reason) => {
            await voidReferral.mutateAsync({ id: voiding.id, reason });
            return 'Referral voided';
          }}
          onClose={() => setVoiding(null)}
        />
      ) : null}
    </>
  );
}

function SetAside({ overview }: { overview: Overview }) {
  const release = useReleasePlace();
  if (overview.setAside.length === 0) return null;
  return (
    <AdminTable caption="Set aside for review" headers={['Email', 'Tier it had', 'Flags', 'Set aside', '']}>
      {overview.setAside.map((row) => (
        <tr key={row.id}>
          <Cell>
            <PersonLink email={row.email} />
          </Cell>
          <Cell>{TIER_LABELS[row.tier]}</Cell>
          <Cell>{row.flags.map((flag) => FLAG_LABELS[flag] ?? flag).join(', ') || '–'}</Cell>
          <Cell className="whitespace-nowrap">{formatWhen(row.quarantinedAt)}</Cell>
          <Cell>
            <Button variant="outline" disabled={release.isPending} onClick={() => release.mutate(row.id)}>
              Release to the end
            </Button>
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The launch at a glance, above the list: tier fill, signups by day, hour and source, referrals, flags. */
export function WaitlistOverview() {
  const overview = useWaitlistOverview();
  if (overview.isPending) return <LoadingStatus />;
  if (overview.isError) return <LoadFailed what="the overview" onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  return (
    <div className="grid gap-4">
      <AdminTable
        caption="Each tier's fill"
        headers={['Tier', 'Kept', 'Held', 'Lapsed', 'Set aside', 'Places']}
      >
        {data.tiers.map((row) => (
          <tr key={row.tier}>
            <Cell className="font-semibold">{TIER_LABELS[row.tier]}</Cell>
            <Cell>{row.kept.toLocaleString('en-GB')}</Cell>
            <Cell>{row.held.toLocaleString('en-GB')}</Cell>
            <Cell>{row.lapsed.toLocaleString('en-GB')}</Cell>
            <Cell>{row.setAside.toLocaleString('en-GB')}</Cell>
            <Cell>{TIER_SIZES[row.tier] ? `${row.kept} of ${TIER_SIZES[row.tier]} kept` : '–'}</Cell>
          </tr>
        ))}
      </AdminTable>
      <div className="grid gap-6 md:grid-cols-2">
        <Counts
          title="Signups by day (London)"
          rows={data.days.map((row) => ({ label: row.day, signups: row.signups }))}
        />
        <Counts
          title="Signups by hour, last 48"
          rows={data.hours.map((row) => ({ label: row.hour.replace('T', ' '), signups: row.signups }))}
        />
        <Counts
          title="By source"
          rows={data.sources.map((row) => ({ label: row.source, signups: row.signups }))}
        />
        <Counts
          title="Flagged places"
          rows={data.flags.map((row) => ({ label: FLAG_LABELS[row.flag] ?? row.flag, signups: row.signups }))}
        />
      </div>
      <Referrals overview={data} />
      <SetAside overview={data} />
    </div>
  );
}
