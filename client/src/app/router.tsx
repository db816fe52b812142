import { lazy, Suspense } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { LoadingScreen } from './loading-screen';
import { SignedOutRoutes } from './signed-out-routes';

const SignedInApp = lazy(() => import('./signed-in-app'));

/** The route set follows the user's state: loading, signed out, onboarding, or signed in. */
export function Router() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
