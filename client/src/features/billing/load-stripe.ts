import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

/** One Stripe.js per publishable key for the page's life (loadStripe adds its script once). */
const loads = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch((error: unknown) => {
      // A blocker or a lost connection: the page says the form could not load.
      console.warn('[ballast] Stripe.js did not load:', error);
      loads.delete(publishableKey);
      return null;
    });
    loads.set(publishableKey, load);
  }
  return load;
}

export type StripeLoad = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/**
 * Stripe.js for the subscribe page. Its script comes from js.stripe.com and is only requested here:
 * `@stripe/stripe-js/pure` adds nothing until this runs, and this module lives in the page's own chunk.
 */
export function useStripeJs(publishableKey: string | null): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>({ status: 'loading' });
  useEffect(() => {
    if (!publishableKey) return;
    let isCurrent = true;
    void stripeFor(publishableKey).then((stripe) => {
      if (isCurrent) setLoad(stripe ? { status: 'ready', stripe } : { status: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);
  return load;
}
