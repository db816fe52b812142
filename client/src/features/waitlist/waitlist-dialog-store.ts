import { useSyncExternalStore } from 'react';

/** Whether the waitlist dialog is open; any button on any public page can open it. */
let isOpen = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  isOpen = next;
  for (const listener of listeners) listener();
}

export const openWaitlistDialog = () => setOpen(true);
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
