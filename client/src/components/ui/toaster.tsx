import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/utils';
import { dismissToast, TOAST_DURATION_MS, useToast } from './use-toast';

/**
 * Radix gives Escape to the newest layer, and a toast shown while a dialog is open is newer than the
 * dialog: Escape would dismiss the toast and leave the dialog open. The open dialog closes first.
 */
function closeOpenDialogFirst(event: KeyboardEvent) {
  const close = document.querySelector<HTMLElement>('[role="dialog"][data-state="open"] [data-dialog-close]');
  if (!close) return;
  event.preventDefault();
  close.click();
}

/** The notification area present on every screen. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onEscapeKeyDown={closeOpenDialogFirst}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border-2 p-4 pr-12 shadow-xl',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-primary/50 bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-bold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="absolute top-0 right-0 grid size-11 place-items-center rounded-sm opacity-70 hover:opacity-100">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Dismiss notification</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {createPortal(
        // A modal dialog hides everything outside it from assistive technology, except live regions:
        // marking this wrapper keeps a toast raised over an open dialog readable and dismissable.
        <div aria-live="off">
          <ToastPrimitive.Viewport className="fixed bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:right-0 sm:max-w-[420px]" />
        </div>,
        document.body,
      )}
    </ToastPrimitive.Provider>
  );
}
