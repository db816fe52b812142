import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over a prerendered page, true from then on (and always true on pages
 * rendered in the browser). Before hydration a form would submit natively, putting its fields in the
 * URL: prerendered forms keep their submit button disabled until this is true.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
