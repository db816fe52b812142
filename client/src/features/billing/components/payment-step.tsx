import { formatPlanPrice, PLANS, type PlanId, planBilling } from '@common/plans';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { LockIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';

/** The Payment Element in the product's colours (Stripe draws it in its own frame). */
const APPEARANCE = {
  theme: 'night' as const,
  variables: { colorPrimary: '#c8f542', colorBackground: '#111114', borderRadius: '6px' },
};

type PaymentFormProps = { plan: PlanId; onPaid(): void; onBack(): void };

function PaymentForm({ plan, onPaid, onBack }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [isConfirming, setConfirming] = useState(false);
  const [isReady, setReady] = useState(false);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setConfirming(true);
    // Cards confirm here; methods that need a redirect come back to the site's origin.
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.origin },
      redirect: 'if_required',
    });
    setConfirming(false);
    if (result.error) {
      toast({
        variant: 'destructive',
        title: 'Payment Failed',
        description: result.error.message ?? 'The payment did not go through.',
      });
      return;
    }
    toast({ title: 'Payment Successful', description: 'You are now subscribed' });
    onPaid();
  }

  return (
    <form aria-label={`Pay for ${PLANS[plan].name}`} className="grid gap-5" onSubmit={confirm}>
      <PaymentElement onReady={() => setReady(true)} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={!stripe || !isReady || isConfirming}>
          <LockIcon aria-hidden="true" />
          {isConfirming ? 'Processing...' : `Pay ${formatPlanPrice(PLANS[plan])}`}
        </Button>
        <Button type="button" variant="ghost" size="lg" disabled={isConfirming} onClick={onBack}>
          Back to plans
        </Button>
      </div>
    </form>
  );
}

type PaymentStepProps = PaymentFormProps & { stripe: Stripe; clientSecret: string };

/** Step two: the card (or wallet) for the chosen plan, confirmed with Stripe. */
export function PaymentStep({ stripe, clientSecret, plan, onPaid, onBack }: PaymentStepProps) {
  const chosen = PLANS[plan];
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle as="h2" className="text-2xl">
          {chosen.name}
        </CardTitle>
        <p className="text-muted-foreground">
          {formatPlanPrice(chosen)} {planBilling(chosen)}
          {chosen.interval ? ', cancel anytime.' : '.'}
        </p>
      </CardHeader>
      <CardContent>
        <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
          <PaymentForm plan={plan} onPaid={onPaid} onBack={onBack} />
        </Elements>
      </CardContent>
    </Card>
  );
}
