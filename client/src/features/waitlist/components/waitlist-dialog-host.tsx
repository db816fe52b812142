import { lazy, Suspense, useState } from 'react';
import { useWaitlistDialog } from '../waitlist-dialog-store';

const loadDialog = () => import('./waitlist-dialog');
const WaitlistDialog = lazy(loadDialog);

/** Fetches the dialog's code before it is needed: on hover or focus of a button that opens it. */
export function preloadWaitlistDialog() {
  void loadDialog();
}

/**
 * Mounts the waitlist dialog from its first opening on. Until then the visitor has downloaded none
 * of it: the landing page's first load stays within its budget (docs/benchmarks.md, budgets).
 */
export function WaitlistDialogHost({ note }: { note: string }) {
  const { isOpen } = useWaitlistDialog();
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistDialog note={note} />
    </Suspense>
  );
}
