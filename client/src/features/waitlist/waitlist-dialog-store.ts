import { useSyncExternalStore } from 'react';

/** Whether the waitlist dialog is open; any button on any public page can open it. */
let isOpen = false;
/** The control that opened the dialog: focus goes back to it when the dialog closes. */
let opener: HTMLElement | null = null;
/** An address the visitor typed before opening the dialog (the landing hero): the dialog starts with it. */
let prefilledEmail = '';
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  isOpen = next;
  for (const listener of listeners) listener();
}

export function openWaitlistDialog(options: { email?: string } = {}) {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  prefilledEmail = options.email?.trim() ?? '';
  setOpen(true);
}

/** The address the dialog's form starts with: set by each opening, empty unless it was given one. */
export function prefilledWaitlistEmail(): string {
  return prefilledEmail;
}

/** Focuses the control that opened the dialog, if it is still on screen; false when it is not. */
export function returnFocusToOpener(): boolean {
  const target = opener;
  opener = null;
  if (!target?.isConnected || target.getClientRects().length === 0) return false;
  target.focus();
  return true;
}
export const closeWaitlistDialog = () => setOpen(false);

export function useWaitlistDialog() {
  const open = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOpen,
    () => false,
  );
  return { isOpen: open, setOpen };
}
