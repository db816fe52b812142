import { LIFETIME_PLAN, MONEY_BACK_DAYS, PLANS, type PlanId, subscribePath } from '@common/plans';
import { CircleAlertIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { rememberAfterSignIn } from '@/lib/after-sign-in';
import { usePublicConfig } from '@/lib/public-config';
import { PlanCards } from './plan-cards';

const TO_CHOOSE = { kind: 'choose' } as const;

/** Choosing a plan needs an account: sign in, then straight back to the subscribe page with it chosen. */
function chooseSignedOut(plan: PlanId) {
  rememberAfterSignIn(subscribePath(plan));
  window.location.assign('/api/login');
}

/** /pricing for visitors: the same plans and prices as /subscribe, from common/plans.ts. */
export function PricingPage() {
  const config = usePublicConfig();
  const isConfigured = config ? config.stripePublishableKey !== null : true;
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-8 px-4 py-10">
      <div>
        <h1 className="font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">Pricing</h1>
        <p className="mt-1 text-muted-foreground">
          Every account has the revenue tracker, the health check, in-app alerts from a daily scan and the
          first week of the blueprint. The plans open the rest.
        </p>
      </div>
      {!isConfigured && (
        <Card role="alert" className="flex gap-3 border-destructive/60 p-5">
          <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <p className="text-sm">
            <strong>Payments are not configured.</strong> Plans cannot be bought on this server.
          </p>
        </Card>
      )}
      <PlanCards
        choices={{ blueprint: TO_CHOOSE, guardian: TO_CHOOSE, mastermind: TO_CHOOSE }}
        pendingPlan={null}
        isDisabled={!isConfigured}
        onChoose={chooseSignedOut}
        onManageBilling={() => {}}
      />
      <p className="text-center text-sm text-muted-foreground">
        A place among the first 50 on the waitlist, or a £5 lifetime place, brings {PLANS[LIFETIME_PLAN].name}{' '}
        for life to the account with that address. {MONEY_BACK_DAYS}-day money-back guarantee on every plan.
      </p>
    </main>
  );
}
