import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { WaitlistForm } from '@/features/waitlist/public';
import { rememberPageAfterSignIn, SIGNED_IN_PAGE_NAMES } from '@/lib/remember-page';
import { StatTiles } from '../components/stat-tiles';
import { COMING_SOON_MESSAGE } from '../content';

/**
 * Any path a signed-out visitor cannot open. The server sends it with a 404. A signed-in page (a
 * bookmark of /dashboard) gets a way in at the top, back to that page once signed in.
 */
export function NotFoundPage() {
  const [location] = useLocation();
  // Named once hydrated: the page is prerendered once for every path, so its first render names none.
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => setPath(location), [location]);
  const page = path ? SIGNED_IN_PAGE_NAMES[path] : undefined;
  return (
    <main className="mx-auto grid w-full max-w-4xl flex-1 content-center gap-10 px-4 py-14 sm:py-20">
      {page && (
        <p className="rounded-lg border-2 border-primary/40 bg-card p-4 font-semibold">
          <Link
            href="/sign-in"
            className="text-primary hover:underline"
            onClick={() => rememberPageAfterSignIn(path!)}
          >
            Sign in to see {page}
          </Link>
        </p>
      )}
      <div className="grid gap-4">
        <p className="font-display text-8xl font-black leading-none text-primary sm:text-9xl">404</p>
        <h1 className="font-display text-3xl font-black uppercase tracking-tight sm:text-5xl">
          PAGE NOT FOUND
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{COMING_SOON_MESSAGE}</p>
      </div>
      <div className="grid max-w-2xl gap-3 rounded-xl border-2 border-primary/40 bg-card p-6">
        <h2 className="text-xl font-extrabold">Get on the waitlist while you’re here</h2>
        <WaitlistForm signupSource="not-found" />
      </div>
      <StatTiles />
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link href="/">Back to home</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href="/full-landing">See the full story</Link>
        </Button>
      </div>
    </main>
  );
}
