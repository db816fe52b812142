import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { LoadingScreen } from './loading-screen';
import { SignedOutRoutes } from './signed-out-routes';

const loadSignedInApp = () => import('./signed-in-app');
const SignedInApp = lazy(loadSignedInApp);

/** The route set follows the user's state: loading, signed out, onboarding, or signed in. */
export function Router() {
  const { user, isLoading } = useAuth();
  // Only a request with a session cookie waits for the user call (get-user.ts): almost always someone
  // signed in, so their code (and their page's, decision 036) downloads while the call is answered.
  useEffect(() => {
    if (isLoading) loadSignedInApp().catch(() => {});
  }, [isLoading]);
  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
