import type { CurrentUser } from '@common/auth-schemas';
import { Redirect, Route, Switch } from 'wouter';
import { Button } from '@/components/ui/button';
import { CreatorDashboardPage } from '@/features/dashboard/components/creator-dashboard-page';
import { RevenueDashboardPage } from '@/features/revenue/components/revenue-dashboard-page';
import { PageLayout } from './layout/page-layout';
import { PlaceholderPage } from './placeholder-page';

function OnboardingPlaceholder() {
  return (
    <PlaceholderPage title="Welcome to Ballast">
      <p>A four-step questionnaire about your platforms, audience, income and goals comes here.</p>
      <Button variant="outline" className="mt-6" onClick={() => window.location.assign('/api/logout')}>
        Log out
      </Button>
    </PlaceholderPage>
  );
}

/** Until onboarding is complete, every path leads to it. */
function OnboardingRoutes() {
  return (
    <Switch>
      <Route path="/onboarding" component={OnboardingPlaceholder} />
      <Route>
        <Redirect to="/onboarding" replace />
      </Route>
    </Switch>
  );
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
      <Route path="/blueprint">
        <PlaceholderPage title="Your 30-day blueprint">
          Four weeks of tasks to build new income streams.
        </PlaceholderPage>
      </Route>
      <Route path="/subscribe">
        <PlaceholderPage title="Upgrade">
          The Blueprint, The Guardian and The Mastermind plans.
        </PlaceholderPage>
      </Route>
      <Route path="/onboarding" component={OnboardingPlaceholder} />
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

/** The signed-in app: loaded as its own chunk, which signed-out visitors never download. */
export default function SignedInApp({ user }: { user: CurrentUser }) {
  if (!user.onboardingCompleted) {
    return <OnboardingRoutes />;
  }
  return (
    <PageLayout user={user}>
      <SignedInRoutes user={user} />
    </PageLayout>
  );
}
