import { lazy, Suspense } from 'react';

const SubscribePage = lazy(() => import('./subscribe-page'));

/**
 * /subscribe, in a chunk of its own: Stripe's libraries (and Stripe.js from js.stripe.com) reach only
 * those who open it, never the landing page or the rest of the signed-in app.
 */
export function SubscribeRoute() {
  return (
    <Suspense
      fallback={
        <main className="flex flex-1 items-center justify-center py-16">
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
        </main>
      }
    >
      <SubscribePage />
    </Suspense>
  );
}
