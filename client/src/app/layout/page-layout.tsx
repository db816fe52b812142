import type { CurrentUser } from '@common/auth-schemas';
import type { ReactNode } from 'react';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

/**
 * The signed-in app passes the user's badge (`account`) and the account notices (under the nav bar),
 * so their code stays out of the first chunk every signed-out visitor downloads (decision 014).
 */
export function PageLayout({
  user,
  account,
  notices,
  children,
}: {
  user: CurrentUser | null;
  account?: (onNavigate?: () => void) => ReactNode;
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
      <NavBar user={user} account={account} />
      {notices}
      <div id="content" className="flex flex-1 flex-col">
        {children}
      </div>
      <Footer />
    </div>
  );
}
