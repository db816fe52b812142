import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { userQueryOptions } from './features/auth/api/get-user';
import { createQueryClient } from './lib/query-client';

/** The pages to render; loaded as the router loads it (lazily), so both builds split it alike. */
export const loadPublicPages = () => import('./app/public-pages');

/**
 * Build-time entry (scripts/build.mjs): the HTML of one public page as a signed-out visitor first
 * sees it. The browser hydrates it with the same tree, so both must start from the same state:
 * signed out, counters not loaded yet, nothing open.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userQueryOptions().queryKey, null);
  // prerender (unlike renderToString) waits for the lazily loaded pages. Large boundaries would be
  // sent separately and revealed by an inline script, which the CSP forbids: never split them.
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={path} queryClient={queryClient} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
