import { Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { WAITLIST_DIALOG_NOTE } from '@/features/marketing/content';
import { LandingPage } from '@/features/marketing/pages/landing-page';
import { WaitlistDialogHost } from '@/features/waitlist/components/waitlist-dialog-host';
import { ContactPage, named, PrivacyPage, TermsPage } from './info-pages';
import { PageLayout } from './layout/page-layout';
import { LoadingScreen } from './loading-screen';

// The landing page is in the first chunk (it is where most visits start); every other page is a chunk of its own.
const FeaturesPage = named(() => import('@/features/marketing/pages/features-page'), 'FeaturesPage');
const PricingPage = named(() => import('@/features/billing/components/pricing-page'), 'PricingPage');
const CommunityPage = named(() => import('@/features/marketing/pages/coming-soon-page'), 'CommunityPage');
const NotFoundPage = named(() => import('@/features/marketing/pages/not-found-page'), 'NotFoundPage');
const SignInPage = named(() => import('@/features/auth/components/sign-in-page'), 'SignInPage');
const ForgotPasswordPage = named(
  () => import('@/features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = named(
  () => import('@/features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);

/**
 * Keeps the tab's title and description in step with client-side navigation. The first page arrives
 * with its own (prerendered), so the list of titles is only fetched once the visitor moves on.
 */
function usePageMeta() {
  const [location] = useLocation();
  const [firstLocation] = useState(location);
  useEffect(() => {
    if (location === firstLocation) return;
    void import('./public-pages').then(({ publicPageFor }) => {
      const page = publicPageFor(location);
      document.title = page.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
    });
  }, [location, firstLocation]);
}

/** Everything a signed-out visitor can reach; any other path is the not-found page. */
export function SignedOutRoutes() {
  usePageMeta();
  return (
    <PageLayout user={null}>
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/full-landing" component={LandingPage} />
          <Route path="/features" component={FeaturesPage} />
          <Route path="/pricing" component={PricingPage} />
          <Route path="/community" component={CommunityPage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/terms" component={TermsPage} />
          <Route path="/sign-in" component={SignInPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <WaitlistDialogHost note={WAITLIST_DIALOG_NOTE} />
    </PageLayout>
  );
}
