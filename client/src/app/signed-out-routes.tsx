import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LandingPage } from '@/features/marketing/pages/landing-page';
import { NotFoundPage } from '@/features/marketing/pages/not-found-page';
import { WaitlistDialog } from '@/features/waitlist/components/waitlist-dialog';
import { PageLayout } from './layout/page-layout';
import { LoadingScreen } from './loading-screen';
import { PlaceholderPage } from './placeholder-page';

const SignInPage = lazy(() =>
  import('@/features/auth/components/sign-in-page').then((module) => ({ default: module.SignInPage })),
);

/** Everything a signed-out visitor can reach; any other path is the not-found page. */
export function SignedOutRoutes() {
  return (
    <PageLayout user={null}>
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/full-landing" component={LandingPage} />
          <Route path="/features">
            <PlaceholderPage title="Features">
              The ten tools Ballast is building, with the rollout schedule.
            </PlaceholderPage>
          </Route>
          <Route path="/pricing">
            <PlaceholderPage title="Pricing">Plans and prices, coming soon.</PlaceholderPage>
          </Route>
          <Route path="/community">
            <PlaceholderPage title="Community">The creator community, coming soon.</PlaceholderPage>
          </Route>
          <Route path="/contact">
            <PlaceholderPage title="Contact">
              A form to reach the team, and direct contact details.
            </PlaceholderPage>
          </Route>
          <Route path="/privacy">
            <PlaceholderPage title="Privacy policy">What we collect, why, and your rights.</PlaceholderPage>
          </Route>
          <Route path="/terms">
            <PlaceholderPage title="Terms of service">The terms of using Ballast.</PlaceholderPage>
          </Route>
          <Route path="/sign-in" component={SignInPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <WaitlistDialog />
    </PageLayout>
  );
}
