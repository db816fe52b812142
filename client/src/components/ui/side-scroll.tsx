import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A table (or anything) wider than its box says that it scrolls: while part of it is out of sight to the
 * right, a fading edge covers the box's right side, and as long as it is wider than the box "Scroll
 * sideways for more" is written under it. The box is a labelled region in the tab order, so a keyboard can
 * scroll it too. `fade` is the colour the edge fades to: the background the box sits on.
 */
export function SideScroll({
  label,
  className,
  fade = 'from-background',
  children,
}: {
  label: string;
  className?: string;
  fade?: 'from-background' | 'from-card';
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  const [overflow, setOverflow] = useState({ isWider: false, hasMoreRight: false });
  useEffect(() => {
    const element = box.current!;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const isWider = hidden > 1;
      const hasMoreRight = hidden - element.scrollLeft > 1;
      // Scroll events come every frame: the box renders again only when what it shows changes.
      setOverflow((shown) =>
        shown.isWider === isWider && shown.hasMoreRight === hasMoreRight ? shown : { isWider, hasMoreRight },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);
  return (
    <div className="grid gap-1">
      <div className="relative min-w-0">
        <section
          ref={box}
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
          tabIndex={0}
          className={cn('relative overflow-x-auto', className)}
        >
          {children}
        </section>
        {overflow.hasMoreRight && (
          <div
            aria-hidden="true"
            data-testid="scroll-fade"
            className={cn(
              'pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l to-transparent',
              fade,
            )}
          />
        )}
      </div>
      {overflow.isWider && <p className="text-xs text-muted-foreground">Scroll sideways for more →</p>}
    </div>
  );
}
