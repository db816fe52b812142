import type { CurrentUser } from '@common/auth-schemas';
import type { ReactNode } from 'react';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

/**
 * `notices` sit under the nav bar: the signed-in app passes the account notices, so their code stays
 * out of the first chunk every signed-out visitor downloads (decision 014).
 */
export function PageLayout({
  user,
  notices,
  children,
}: {
  user: CurrentUser | null;
  notices?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <NavBar user={user} />
      {notices}
      <div id="content" className="flex flex-1 flex-col">
        {children}
      </div>
      <Footer />
    </div>
  );
}
