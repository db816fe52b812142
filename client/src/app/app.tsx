import type { QueryClient } from '@tanstack/react-query';
import { Router as LocationProvider } from 'wouter';
import { Providers } from './providers';
import { Router } from './router';

/**
 * The whole client. In the browser it reads the location itself; when prerendering, `ssrPath` says
 * which page to render.
 */
export function App({ ssrPath, queryClient }: { ssrPath?: string; queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <LocationProvider ssrPath={ssrPath}>
        <Router />
      </LocationProvider>
    </Providers>
  );
}
