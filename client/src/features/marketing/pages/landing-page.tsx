import { useEffect, useRef } from 'react';
import { lazyWhenVisible } from '@/lib/lazy-when-visible';
import { Hero } from '../components/hero';
import { StrikeDemo } from '../components/strike-demo';
import { SPOTS_BADGE, STRIKE_DEMO } from '../content';

/** Below the demo the page is long and mostly text: its code waits until the visitor scrolls near it. */
const LandingBelowFold = lazyWhenVisible('landing-more', () => import('../components/landing-below-fold'));

/**
 * About a second after the page loads, the strike demo (starting at the same moment) is brought into
 * view, unless the visitor has already scrolled, followed a #link or started interacting.
 */
function useShowDemoAfterLoad() {
  const demoRef = useRef<HTMLElement>(null);
  useEffect(() => {
    let hasInteracted = false;
    const interacted = () => {
      hasInteracted = true;
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const event of events) window.addEventListener(event, interacted, { once: true, passive: true });
    const timer = setTimeout(() => {
      if (hasInteracted || window.scrollY > 0 || window.location.hash) return;
      const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      demoRef.current?.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'start' });
    }, STRIKE_DEMO.startDelayMs);
    return () => {
      clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, interacted);
    };
  }, []);
  return demoRef;
}

/** The home page and /full-landing: the whole pitch, ending in the waitlist. */
export function LandingPage() {
  const demoRef = useShowDemoAfterLoad();
  return (
    <main className="flex-1">
      <Hero />
      <StrikeDemo sectionRef={demoRef} />
      <LandingBelowFold />
      <p className="pointer-events-none fixed right-3 bottom-3 z-30 rounded-full border-2 border-background bg-accent px-3 py-1.5 text-xs font-black uppercase tracking-wide text-accent-foreground shadow-lg">
        {SPOTS_BADGE}
      </p>
    </main>
  );
}
