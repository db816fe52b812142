import type { BillingStatus } from '@common/billing';
import { formatDateInWords, londonDate } from '@common/calendar';
import { isPlanId } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function describePlan(status: BillingStatus): { name: string; detail: string | null } {
  const name = status.planLabel;
  if (!isPlanId(status.plan)) return { name, detail: 'Choose one below to get started.' };
  if (status.planSource === 'lifetime') return { name, detail: 'Yours for life, with your waitlist place.' };
  if (status.planSource === 'complimentary') return { name, detail: 'Given to you by the Ballast team.' };
  if (status.plan === 'blueprint') return { name, detail: 'Paid once: yours to keep.' };
  if (status.subscriptionStatus === 'past_due') {
    return { name, detail: 'Your last payment did not go through. Update your card in Manage billing.' };
  }
  // London's day, as every date the product shows: a period ending at 00:30 BST on 1 July renews on 1 July.
  const renews = status.currentPeriodEnd
    ? formatDateInWords(londonDate(new Date(status.currentPeriodEnd)))
    : null;
  if (status.cancelAtPeriodEnd) {
    return {
      name,
      detail: renews ? `Cancelled: ends on ${renews}. Until then, everything stays open.` : null,
    };
  }
  return { name, detail: renews ? `Renews on ${renews}. Cancel anytime.` : 'Cancel anytime.' };
}

/** The creator's current plan, and the way to Stripe's customer portal to cancel or change it. */
export function YourPlan({
  status,
  isOpeningPortal,
  onManageBilling,
}: {
  status: BillingStatus;
  isOpeningPortal: boolean;
  onManageBilling(): void;
}) {
  const { name, detail } = describePlan(status);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
      <section aria-labelledby="your-plan">
        <h2 id="your-plan" className="text-sm font-bold tracking-wide text-muted-foreground uppercase">
          Your plan
        </h2>
        <p className="mt-1 text-xl font-extrabold" data-testid="current-plan">
          {name}
        </p>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      </section>
      {status.canManageBilling && (
        <Button variant="outline" disabled={isOpeningPortal} onClick={onManageBilling}>
          {isOpeningPortal ? 'Opening...' : 'Manage billing'}
        </Button>
      )}
    </Card>
  );
}
