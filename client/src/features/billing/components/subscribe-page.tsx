import { isPlanId, MONEY_BACK_DAYS, PLANS, type PlanId } from '@common/plans';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, LockIcon, RotateCcwIcon, ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { userQueryOptions } from '@/features/auth/public';
import { describeError } from '@/lib/api';
import { usePublicConfig } from '@/lib/public-config';
import { useCreateSubscription } from '../api/create-subscription';
import { hasArrived, useBillingStatus } from '../api/get-billing-status';
import { useOpenCustomerPortal } from '../api/open-customer-portal';
import { useStripeJs } from '../load-stripe';
import { planChoices } from '../plan-choices';
import { PaymentStep } from './payment-step';
import { PlanCards } from './plan-cards';
import { YourPlan } from './your-plan';

/** Plan selection, then a client secret, then the payment form, then the result. */
type Step =
  | { name: 'plans' }
  | { name: 'payment'; plan: PlanId; clientSecret: string }
  | { name: 'paid'; plan: PlanId };

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card role="alert" className="flex gap-3 border-destructive/60 p-5">
      <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-bold">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </Card>
  );
}

function TrustBand() {
  const points = [
    { icon: ShieldCheckIcon, text: `${MONEY_BACK_DAYS}-day money-back guarantee` },
    { icon: RotateCcwIcon, text: 'Cancel anytime' },
    { icon: LockIcon, text: 'Secure payment by Stripe' },
  ];
  return (
    <ul
      aria-label="Our promise"
      className="flex flex-wrap justify-center gap-x-8 gap-y-3 rounded-lg border bg-muted/40 px-5 py-4 text-sm font-semibold"
    >
      {points.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2">
          <Icon className="size-4 text-primary" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}

function PaidResult({ plan, hasArrived }: { plan: PlanId; hasArrived: boolean }) {
  return (
    <Card className="mx-auto grid w-full max-w-xl justify-items-center gap-4 p-8 text-center">
      <h2 className="font-display text-2xl font-black uppercase">You are now subscribed</h2>
      <p className="text-muted-foreground" role="status">
        {hasArrived
          ? `${PLANS[plan].name} is active on your account.`
          : `Payment received. ${PLANS[plan].name} switches on as soon as Stripe confirms it.`}
      </p>
      <Button asChild size="lg">
        <Link href="/">Go to your dashboard</Link>
      </Button>
    </Card>
  );
}

/** /subscribe: the three plans, a trust band, and the payment step (this module is its own chunk). */
export default function SubscribePage() {
  const config = usePublicConfig();
  const publishableKey = config?.stripePublishableKey ?? null;
  const stripeJs = useStripeJs(publishableKey);
  const [step, setStep] = useState<Step>({ name: 'plans' });
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  const awaitingPlan = step.name === 'paid' ? step.plan : undefined;
  const status = useBillingStatus({ awaitingPlan });
  const createSubscription = useCreateSubscription();
  const portal = useOpenCustomerPortal();
  const queryClient = useQueryClient();
  const hasPlanArrived = hasArrived(status.data, awaitingPlan);
  // `/subscribe?plan=…`: the plan a locked feature or the hero's button sent the creator for.
  const requested = new URLSearchParams(useSearch()).get('plan') ?? '';
  const chosenPlan = isPlanId(requested) ? requested : null;

  useEffect(() => {
    // The plan is on the account now: whatever shows the user (the nav, other pages) reads it again.
    if (hasPlanArrived) void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
  }, [hasPlanArrived, queryClient]);

  function choose(plan: PlanId) {
    setPendingPlan(plan);
    createSubscription.mutate(plan, {
      onSuccess: ({ clientSecret }) => setStep({ name: 'payment', plan, clientSecret }),
      // A failure to start the subscription is only logged (docs/product/app.md#subscribe).
      onError: (error) => console.warn('[ballast] the subscription could not be started:', error),
      onSettled: () => setPendingPlan(null),
    });
  }

  function manageBilling() {
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Manage billing is unavailable',
          description: describeError(error, 'Please try again in a moment.'),
        }),
    });
  }

  if (!config) {
    return (
      <main className="flex flex-1 items-center justify-center py-16">
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      </main>
    );
  }

  const isConfigured = publishableKey !== null;
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-8 px-4 py-10">
      <div>
        <h1 className="font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">
          Choose your plan
        </h1>
        <p className="mt-1 text-muted-foreground">
          {PLANS.guardian.name} is the upgrade for real-time alerts when an algorithm turns on your income.
        </p>
      </div>

      {!isConfigured && (
        <Notice title="Payments are not configured">
          Plans cannot be bought on this server: no card payment provider is set up here. Please contact
          support at {config.supportEmail}.
        </Notice>
      )}
      {stripeJs.status === 'failed' && (
        <Notice title="The payment form could not load">
          Check your connection (or any blocker that stops js.stripe.com), then reload the page.
        </Notice>
      )}

      {status.data && step.name === 'plans' && (
        <YourPlan status={status.data} isOpeningPortal={portal.isPending} onManageBilling={manageBilling} />
      )}

      {step.name === 'plans' && (
        <PlanCards
          choices={planChoices(status.data)}
          chosenPlan={chosenPlan}
          pendingPlan={pendingPlan}
          isDisabled={!isConfigured || createSubscription.isPending || portal.isPending}
          onChoose={choose}
          onManageBilling={manageBilling}
        />
      )}

      {step.name === 'payment' &&
        (stripeJs.status === 'ready' ? (
          <PaymentStep
            stripe={stripeJs.stripe}
            clientSecret={step.clientSecret}
            plan={step.plan}
            onPaid={() => setStep({ name: 'paid', plan: step.plan })}
            onBack={() => setStep({ name: 'plans' })}
          />
        ) : (
          stripeJs.status === 'loading' && (
            <p role="status" className="text-center text-muted-foreground">
              Loading the payment form...
            </p>
          )
        ))}

      {step.name === 'paid' && <PaidResult plan={step.plan} hasArrived={hasPlanArrived} />}

      {/* Payment promises only where payments can be made. */}
      {isConfigured && <TrustBand />}
    </main>
  );
}
