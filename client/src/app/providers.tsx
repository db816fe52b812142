import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToasterHost } from '@/components/ui/toaster-host';
import { createQueryClient } from '@/lib/query-client';

/** `queryClient` is given when prerendering, with the signed-out state already in it. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
