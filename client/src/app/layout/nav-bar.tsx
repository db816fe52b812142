import type { CurrentUser } from '@common/auth-schemas';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { openWaitlistDialog } from '@/features/waitlist/waitlist-dialog-store';
import { preloadRoute } from '@/lib/route-preload';
import { cn } from '@/lib/utils';

const SIGNED_OUT_LINKS = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/community', label: 'Community' },
  { href: '/contact', label: 'Contact' },
];

/** Each label names what it opens: the overview is '/', the revenue tracker is '/dashboard' (docs/product/app.md). */
const SIGNED_IN_LINKS = [
  { href: '/', label: 'Overview' },
  { href: '/dashboard', label: 'Revenue' },
  { href: '/health-check', label: 'Health Check' },
  { href: '/blueprint', label: 'Blueprint' },
  { href: '/subscribe', label: 'Upgrade' },
];

/** Operators only: the console is not part of the creator's product. */
const CONSOLE_LINK = { href: '/admin', label: 'Console' };

function Brand() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 font-display text-lg font-black tracking-tight uppercase"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Ballast
    </Link>
  );
}

/** A page's chunk starts on hover or focus, so it has usually arrived by the click (decision 036). */
export const preloadOnIntent = (href: string) => ({
  onPointerEnter: () => preloadRoute(href),
  onFocus: () => preloadRoute(href),
});

function signOut() {
  window.location.assign('/api/logout');
}

/**
 * The sticky top bar: links for the visitor's state, and a menu that folds away on small screens.
 * `account` (the signed-in user's badge) comes from the signed-in app, keeping it out of the first chunk.
 */
export function NavBar({
  user,
  account,
}: {
  user: CurrentUser | null;
  account?: (onNavigate?: () => void) => ReactNode;
}) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const links = !user
    ? SIGNED_OUT_LINKS
    : user.isOperator
      ? [...SIGNED_IN_LINKS, CONSOLE_LINK]
      : SIGNED_IN_LINKS;
  const closeMenu = () => setMenuOpen(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape folds the open phone menu away and hands focus back to the button that opened it.
  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  const action = user ? (
    <Button variant="outline" size="sm" onClick={signOut}>
      Sign Out
    </Button>
  ) : (
    <>
      {/* Returning creators need a way back in (decision 018); a full navigation, as /api/login starts sign-in. */}
      <a href="/api/login" className="text-sm font-semibold text-muted-foreground hover:text-foreground">
        Sign in
      </a>
      <Button
        size="sm"
        onClick={() => {
          closeMenu();
          openWaitlistDialog();
        }}
      >
        GET STARTED
      </Button>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Brand />
        <ul className="hidden items-center gap-6 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                {...preloadOnIntent(link.href)}
                className="text-sm font-semibold text-muted-foreground hover:text-foreground"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-4 md:flex">
          {account?.()}
          {action}
        </div>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <CloseIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
        </Button>
      </nav>
      <div id="mobile-menu" className={cn('border-t px-4 pb-4 md:hidden', !isMenuOpen && 'hidden')}>
        <ul className="grid gap-1 py-2">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                onClick={closeMenu}
                {...preloadOnIntent(link.href)}
                className="block rounded-md px-2 py-3 font-semibold hover:bg-muted"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between gap-4 pt-2">
          {account?.(closeMenu)}
          {action}
        </div>
      </div>
    </header>
  );
}
