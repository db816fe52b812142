import { type ComponentType, lazy } from 'react';
import { setRoutePreloader } from '@/lib/route-preload';

type Module<K extends string, P> = { [key in K]: ComponentType<P> };

/**
 * A signed-in page in a chunk of its own (decision 036), with `preload` to start fetching it before
 * it renders. A failed fetch is forgotten, so the next attempt asks again rather than failing at once.
 */
function page<K extends string, P extends object>(load: () => Promise<Module<K, P>>, name: K) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => ({ default: module[name] }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

export const CreatorDashboardPage = page(
  () => import('@/features/dashboard/components/creator-dashboard-page'),
  'CreatorDashboardPage',
);
export const RevenueDashboardPage = page(
  () => import('@/features/revenue/components/revenue-dashboard-page'),
  'RevenueDashboardPage',
);
export const HealthCheckPage = page(
  () => import('@/features/health-check/components/health-check-page'),
  'HealthCheckPage',
);
export const BlueprintPage = page(
  () => import('@/features/blueprints/components/blueprint-page'),
  'BlueprintPage',
);
// Stripe's libraries (and Stripe.js from js.stripe.com) reach only those who open /subscribe.
export const SubscribePage = page(() => import('@/features/billing/components/subscribe-page'), 'default');
export const AccountSettingsPage = page(
  () => import('@/features/account/components/account-settings-page'),
  'AccountSettingsPage',
);
export const OnboardingPage = page(
  () => import('@/features/onboarding/components/onboarding-page'),
  'OnboardingPage',
);
// Only operators ever load the console's code.
export const AdminConsolePage = page(
  () => import('@/features/admin/components/admin-console-page'),
  'default',
);
export const ConsoleSignInPage = page(
  () => import('@/features/admin/components/console-sign-in-page'),
  'ConsoleSignInPage',
);
export const ForgotPasswordPage = page(
  () => import('@/features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = page(
  () => import('@/features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);

/** What each path shows a creator who has finished onboarding (the console, to operators). */
const PAGE_AT: Record<string, { preload: () => Promise<unknown> }> = {
  '/': CreatorDashboardPage,
  '/dashboard': RevenueDashboardPage,
  '/health-check': HealthCheckPage,
  '/blueprint': BlueprintPage,
  '/subscribe': SubscribePage,
  '/settings': AccountSettingsPage,
  '/admin': AdminConsolePage,
  '/onboarding': OnboardingPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
};

export function preloadPage(path: string) {
  // A preload is a head start only: if it fails, rendering the page asks again and says so.
  // A page's own paths share its chunk: `/admin/inbox` is the console's.
  const [, first = ''] = (path.split(/[?#]/)[0] ?? '').split('/');
  PAGE_AT[`/${first}`]?.preload().catch(() => {});
}

// The nav bar (in the first chunk) starts a page's chunk on hover or focus of its link.
setRoutePreloader(preloadPage);
