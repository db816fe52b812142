import { useEffect, useRef, useState } from 'react';
import { lazyWhenVisible } from '@/lib/lazy-when-visible';
import { Hero } from '../components/hero';
import { SpotsBadge } from '../components/spots-badge';
import { StrikeDemo } from '../components/strike-demo';

/** Below the demo the page is long and mostly text: its code waits until the visitor scrolls near it. */
const LandingBelowFold = lazyWhenVisible('landing-more', () => import('../components/landing-below-fold'));

/**
 * The home page and /full-landing: the whole pitch, ending in the waitlist. The page never scrolls by
 * itself (decision 032): WATCH DEMO brings the demo into view, and plays it again, when the visitor asks.
 */
export function LandingPage() {
  const demoRef = useRef<HTMLElement>(null);
  const [demoRun, setDemoRun] = useState(0);

  // After the demo has restarted (a new section), bring it into view and put focus on it.
  useEffect(() => {
    if (demoRun === 0) return;
    const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    demoRef.current?.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'start' });
    demoRef.current?.focus({ preventScroll: true });
  }, [demoRun]);

  return (
    <main className="flex-1">
      <SpotsBadge />
      <Hero onWatchDemo={() => setDemoRun((run) => run + 1)} />
      <StrikeDemo key={demoRun} sectionRef={demoRef} />
      <LandingBelowFold />
    </main>
  );
}
