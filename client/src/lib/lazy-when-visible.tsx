import { type ComponentType, lazy, Suspense } from 'react';

/** How far below the fold a part starts loading, so it is usually ready before it is seen. */
const LOOK_AHEAD = '600px 0px';

function nearViewport(anchorId: string): Promise<void> {
  return new Promise((resolve) => {
    const anchor = document.getElementById(anchorId);
    // Rendered in the browser (not hydrating prerendered HTML): there is nothing to keep, load now.
    if (!anchor || typeof IntersectionObserver === 'undefined') return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(anchor);
  });
}

/**
 * A part of a prerendered page whose code loads when it nears the viewport. Until then React keeps
 * the server's HTML for it (a dehydrated Suspense boundary), so it is visible and readable at once,
 * and a click on it makes React hydrate it first and replay the click. Prerendering loads it at once.
 */
export function lazyWhenVisible<P extends object>(
  anchorId: string,
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  const Part = lazy(() => (typeof document === 'undefined' ? load() : nearViewport(anchorId).then(load)));
  return function LazyWhenVisible(props: P) {
    return (
      <div id={anchorId}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  };
}
