import type { CurrentUser } from '@common/auth-schemas';
import { type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AccountNotices } from '@/features/auth/components/account-notices';
import { takeAfterSignIn } from '@/lib/take-after-sign-in';
import { INFO_PAGES } from './info-pages';
import { Footer } from './layout/footer';
import { PageLayout } from './layout/page-layout';
import { UserBadge } from './layout/user-badge';
import { LoadingScreen } from './loading-screen';
import { PlaceholderPage } from './placeholder-page';
import {
  AccountSettingsPage,
  AdminConsolePage,
  BlueprintPage,
  ConsoleSignInPage,
  CreatorDashboardPage,
  ForgotPasswordPage,
  HealthCheckPage,
  OnboardingPage,
  preloadPage,
  ResetPasswordPage,
  RevenueDashboardPage,
  SubscribePage,
} from './signed-in-pages';

// The page this visit opened on starts downloading now, beside the user call, not after it answers.
if (typeof window !== 'undefined') preloadPage(window.location.pathname);

/**
 * Every page is a chunk of its own (decision 036): while one arrives, the nav bar and footer stay
 * where they are and the page's place shows the spec's 'Loading...'.
 */
function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <PageLayout
      user={user}
      account={(onNavigate) => <UserBadge user={user} onNavigate={onNavigate} />}
      notices={<AccountNotices user={user} />}
    >
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </PageLayout>
  );
}

function NotFoundPage() {
  return (
    <PlaceholderPage title="PAGE NOT FOUND">
      There is nothing here. Head back to your dashboard.
    </PlaceholderPage>
  );
}

/** The footer's pages, in the signed-in layout. */
function infoRoutes(user: CurrentUser) {
  return INFO_PAGES.map(({ path, component: Page }) => (
    <Route key={path} path={path}>
      <SignedInLayout user={user}>
        <Page />
      </SignedInLayout>
    </Route>
  ));
}

/** The console, for operators whose session opens it; a way to open it for those whose session does not. */
function AdminRoute({ user }: { user: CurrentUser }) {
  if (user.isAdmin) return <AdminConsolePage />;
  return user.isOperator ? <ConsoleSignInPage email={user.email} /> : <NotFoundPage />;
}

/** Pages that work whatever the state of the account: the password ones. */
function passwordRoutes(user: CurrentUser) {
  return [
    <Route key="forgot" path="/forgot-password">
      <SignedInLayout user={user}>
        <ForgotPasswordPage />
      </SignedInLayout>
    </Route>,
    <Route key="reset" path="/reset-password">
      <SignedInLayout user={user}>
        <ResetPasswordPage />
      </SignedInLayout>
    </Route>,
  ];
}

/**
 * Until onboarding is complete, every path leads to it, but for the footer's pages, the password pages
 * and, for operators, the console (running it needs no creator profile).
 */
function OnboardingRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      <Route path="/onboarding">
        <AccountNotices user={user} />
        <Suspense fallback={<LoadingScreen />}>
          <OnboardingPage user={user} />
        </Suspense>
        <Footer />
      </Route>
      {infoRoutes(user)}
      {passwordRoutes(user)}
      {user.isOperator && (
        <Route path="/admin/*?">
          <SignedInLayout user={user}>
            <AdminRoute user={user} />
          </SignedInLayout>
        </Route>
      )}
      <Route>
        <Redirect to="/onboarding" replace />
      </Route>
    </Switch>
  );
}

/**
 * Completing onboarding leads to the health check (docs/product/app.md#onboarding). The move happens here,
 * once the route set has switched; navigating earlier would land in the onboarding routes and be sent back. A
 * purchase started before signing in (the hero's button) comes first: once onboarded, the creator is taken
 * back to it.
 */
function useDestinationAfterSignIn(isOnboarded: boolean) {
  const [, navigate] = useLocation();
  const wasOnboarded = useRef(isOnboarded);
  useLayoutEffect(() => {
    const pending = isOnboarded ? takeAfterSignIn() : null;
    if (pending) navigate(pending, { replace: true });
    else if (isOnboarded && !wasOnboarded.current) navigate('/health-check', { replace: true });
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
      <Route path="/health-check" component={HealthCheckPage} />
      <Route path="/blueprint" component={BlueprintPage} />
      <Route path="/subscribe" component={SubscribePage} />
      <Route path="/settings">
        <AccountSettingsPage user={user} />
      </Route>
      <Route path="/admin/*?">
        <AdminRoute user={user} />
      </Route>
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/onboarding">
        <OnboardingPage user={user} />
      </Route>
      <Route path="/sign-in">
        <Redirect to="/" replace />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/**
 * The signed-in app: loaded as its own chunk, which signed-out visitors never download, and kept to
 * the routes and the layout: every page brings its own code (decision 036).
 */
export default function SignedInApp({ user }: { user: CurrentUser }) {
  useDestinationAfterSignIn(user.onboardingCompleted);
  return user.onboardingCompleted ? (
    <Switch>
      {infoRoutes(user)}
      <Route>
        <SignedInLayout user={user}>
          <SignedInRoutes user={user} />
        </SignedInLayout>
      </Route>
    </Switch>
  ) : (
    <OnboardingRoutes user={user} />
  );
}
