import type { CurrentUser } from '@common/auth-schemas';
import { useLayoutEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { TooltipProvider } from '@/components/ui/tooltip';
import { BlueprintPage } from '@/features/blueprints/components/blueprint-page';
import { CreatorDashboardPage } from '@/features/dashboard/components/creator-dashboard-page';
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';
import { RevenueDashboardPage } from '@/features/revenue/components/revenue-dashboard-page';
import { PageLayout } from './layout/page-layout';
import { PlaceholderPage } from './placeholder-page';

/** Until onboarding is complete, every path leads to it. */
function OnboardingRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      <Route path="/onboarding">
        <OnboardingPage user={user} />
      </Route>
      <Route>
        <Redirect to="/onboarding" replace />
      </Route>
    </Switch>
  );
}

/**
 * Spec §4: completing onboarding leads to the health check. The move happens here, once the route set
 * has switched; navigating earlier would land in the onboarding routes and be sent back.
 */
function useHealthCheckAfterOnboarding(isOnboarded: boolean) {
  const [, navigate] = useLocation();
  const wasOnboarded = useRef(isOnboarded);
  useLayoutEffect(() => {
    if (isOnboarded && !wasOnboarded.current) navigate('/health-check', { replace: true });
    wasOnboarded.current = isOnboarded;
  }, [isOnboarded, navigate]);
}

function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      <Route path="/">
        <CreatorDashboardPage user={user} />
      </Route>
      <Route path="/dashboard" component={RevenueDashboardPage} />
      <Route path="/health-check">
        <PlaceholderPage title="Health check">
          How exposed your income is to platform algorithms, scored.
        </PlaceholderPage>
      </Route>
      <Route path="/blueprint" component={BlueprintPage} />
      <Route path="/subscribe">
        <PlaceholderPage title="Upgrade">
          The Blueprint, The Guardian and The Mastermind plans.
        </PlaceholderPage>
      </Route>
      <Route path="/onboarding">
        <OnboardingPage user={user} />
      </Route>
      <Route path="/sign-in">
        <Redirect to="/" replace />
      </Route>
      <Route>
        <PlaceholderPage title="PAGE NOT FOUND">
          There is nothing here. Head back to your dashboard.
        </PlaceholderPage>
      </Route>
    </Switch>
  );
}

/**
 * The signed-in app: loaded as its own chunk, which signed-out visitors never download. Tooltips are
 * only used in here, so their provider (and Radix's positioning code) lives here too.
 */
export default function SignedInApp({ user }: { user: CurrentUser }) {
  useHealthCheckAfterOnboarding(user.onboardingCompleted);
  return (
    <TooltipProvider>
      {user.onboardingCompleted ? (
        <PageLayout user={user}>
          <SignedInRoutes user={user} />
        </PageLayout>
      ) : (
        <OnboardingRoutes user={user} />
      )}
    </TooltipProvider>
  );
}
