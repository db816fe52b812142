/**
 * Lets the nav bar, which is in every page's first chunk, start fetching a signed-in page's chunk on
 * hover or focus without knowing those chunks: the signed-in app registers how, once it has loaded.
 */
let preloader: ((path: string) => void) | null = null;

export function setRoutePreloader(preload: (path: string) => void) {
  preloader = preload;
}

export function preloadRoute(path: string) {
  preloader?.(path);
}
