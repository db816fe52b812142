import type { AccountPayment, AccountPlan } from '@common/admin-plans';
import { describePlan, formatPence, PLAN_IDS, PLANS, type UserPlan } from '@common/plans';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import {
  useAccountPayments,
  useAccountSearch,
  useRefundPayment,
  useSetComplimentaryPlan,
} from '../api/account-plans';
import { formatWhen } from './admin-table';
import { ReasonDialog } from './lazy-reason-dialog';
import { PersonLink } from './person-link';

/** Grant or remove a complimentary plan, with the reason the audit log keeps. */
function GrantForm({ account }: { account: AccountPlan }) {
  const ids = { plan: useId(), reason: useId() };
  const [plan, setPlan] = useState<UserPlan>(account.complimentaryPlan ?? 'guardian');
  const [reason, setReason] = useState('');
  const grant = useSetComplimentaryPlan();

  function submit(event: FormEvent) {
    event.preventDefault();
    grant.mutate(
      { userId: account.id, plan, reason },
      {
        onSuccess: (updated) => {
          toast({
            title: 'Plan Updated',
            description: `${updated.email}: ${describePlan({ plan: updated.plan, source: updated.planSource })}`,
          });
          setReason('');
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The plan was not changed',
            description: describeError(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor={ids.plan}>Complimentary plan</Label>
        <NativeSelect
          id={ids.plan}
          value={plan}
          onChange={(event) => setPlan(event.target.value as UserPlan)}
        >
          {PLAN_IDS.map((id) => (
            <option key={id} value={id}>
              {PLANS[id].name}
            </option>
          ))}
          <option value="none">None (remove the grant)</option>
        </NativeSelect>
      </div>
      <div className="grid min-w-56 flex-1 gap-1">
        <Label htmlFor={ids.reason}>Reason</Label>
        <Input id={ids.reason} value={reason} onChange={(event) => setReason(event.target.value)} required />
      </div>
      <Button type="submit" disabled={grant.isPending}>
        {grant.isPending ? 'Saving...' : 'Save plan'}
      </Button>
    </form>
  );
}

/**
 * The account's payments, with a refund button for those the money-back promise still covers. A refund
 * cannot be undone, so it asks first, with the reason the audit log keeps.
 */
function Payments({ account }: { account: AccountPlan }) {
  const payments = useAccountPayments(account.id);
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<AccountPayment | null>(null);
  if (payments.isPending) return <LoadingStatus />;
  if (payments.isError) return <LoadFailed what="payments" onRetry={() => void payments.refetch()} />;
  if (payments.data.length === 0) return <p className="text-sm text-muted-foreground">No payments.</p>;

  return (
    <>
      <ul className="grid gap-2" aria-label={`Payments by ${account.email}`}>
        {payments.data.map((payment) => (
          <li key={payment.id} className="flex flex-wrap items-center gap-3 text-sm">
            <span className="font-semibold">{payment.description}</span>
            <span>{formatPence(payment.amountPence)}</span>
            <span className="text-muted-foreground">{formatWhen(payment.createdAt)}</span>
            {payment.isRefunded ? (
              <span className="text-muted-foreground">Refunded</span>
            ) : (
              payment.isRefundable && (
                <Button size="sm" variant="outline" onClick={() => setRefunding(payment)}>
                  Refund {formatPence(payment.amountPence)}
                </Button>
              )
            )}
          </li>
        ))}
      </ul>
      {refunding ? (
        <ReasonDialog
          title={`Refund ${formatPence(refunding.amountPence)} to ${account.email}?`}
          description={`Stripe returns ${formatPence(refunding.amountPence)} for ${refunding.description} to the card it came from. A subscription is cancelled too, and the plan goes when Stripe confirms. This cannot be undone.`}
          confirmLabel={`Refund ${formatPence(refunding.amountPence)}`}
          onConfirm={async (reason) => {
            await refund.mutateAsync({ userId: account.id, paymentId: refunding.id, reason });
            void payments.refetch();
            return 'Refunded: the plan goes when Stripe confirms the refund.';
          }}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </>
  );
}

/** Payments are Stripe's to list: asked for one account when the operator opens them, not for every match. */
function PaymentsOnRequest({ account }: { account: AccountPlan }) {
  const [isOpen, setOpen] = useState(false);
  if (isOpen) return <Payments account={account} />;
  return (
    <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
      Show payments
    </Button>
  );
}

/** An account's address, plan and where it comes from, its comp grant and its payments. */
export function AccountCard({ account }: { account: AccountPlan }) {
  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="account-match">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <PersonLink email={account.email} />
        <span>{describePlan({ plan: account.plan, source: account.planSource })}</span>
        {!account.emailVerified && <span className="text-sm text-muted-foreground">address not proven</span>}
      </div>
      <GrantForm account={account} />
      <PaymentsOnRequest account={account} />
    </li>
  );
}

/** Find accounts by email: their plan, where it comes from, comp grants and refunds. */
export function AccountSearch() {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const search = useAccountSearch(email);

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3">
      <h2 id={`${inputId}-title`} className="font-bold">
        Find an account
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setEmail(typed.trim().toLowerCase());
        }}
      >
        <div className="grid min-w-64 flex-1 gap-1">
          <Label htmlFor={inputId}>Email contains</Label>
          <Input
            id={inputId}
            type="search"
            minLength={3}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {email.length >= 3 &&
        (search.isPending ? (
          <LoadingStatus />
        ) : search.isError ? (
          <LoadFailed what="accounts" onRetry={() => void search.refetch()} />
        ) : search.data.matches?.length ? (
          <ul className="grid gap-3">
            {search.data.matches.map((account) => (
              <AccountCard key={account.id} account={account} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No account has an address containing “{email}”.</p>
        ))}
    </section>
  );
}
