import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/** Fetches the toaster's code ahead of time, for screens that are about to raise a toast. */
export function preloadToaster() {
  void loadToaster();
}

/**
 * The notification area, loaded with the first toast: Radix Toast is about 8 kB gzipped, most visits never
 * raise a toast, and the public pages' first load has a budget (docs/benchmarks.md). Radix announces each
 * toast through a live region of its own, so mounting late loses nothing for screen readers.
 */
export function ToasterHost() {
  const { toasts } = useToast();
  const [isNeeded, setNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
