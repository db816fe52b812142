import type { CurrentUser } from '@common/auth-schemas';
import type { ReactNode } from 'react';
import { AccountNotices } from '@/features/auth/components/account-notices';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

export function PageLayout({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <NavBar user={user} />
      {user && <AccountNotices user={user} />}
      <div id="content" className="flex flex-1 flex-col">
        {children}
      </div>
      <Footer />
    </div>
  );
}
