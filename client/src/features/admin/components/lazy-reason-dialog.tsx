import { type ComponentProps, lazy, Suspense } from 'react';

// The dialog (and the dialog library under it) loads when an operator first acts on a place, not with
// the console: most visits to the console only read.
const Dialog = lazy(() => import('./reason-dialog').then((module) => ({ default: module.ReasonDialog })));

export function ReasonDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
