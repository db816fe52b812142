import { type ReactNode, useEffect, useState } from 'react';

/** One toast visible at a time; a dismissed one is removed after 1000000 ms (docs/product.md, conventions). */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export type ToastData = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
};

type ToastInput = Omit<ToastData, 'id' | 'open'>;

type State = { toasts: ToastData[] };

let count = 0;
const listeners = new Set<(state: State) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let memoryState: State = { toasts: [] };

function setState(next: State) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setState({ toasts: memoryState.toasts.filter((toast) => toast.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** The current toasts, for code outside React. */
export function getToasts(): readonly ToastData[] {
  return memoryState.toasts;
}

export function dismissToast(id?: string) {
  for (const toast of memoryState.toasts) {
    if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
  }
  setState({
    toasts: memoryState.toasts.map((toast) =>
      id === undefined || toast.id === id ? { ...toast, open: false } : toast,
    ),
  });
}

/** Shows a toast from anywhere (components, mutation callbacks). */
export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  setState({ toasts: [{ ...input, id, open: true }, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setLocalState] = useState(memoryState);
  useEffect(() => {
    listeners.add(setLocalState);
    return () => {
      listeners.delete(setLocalState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
