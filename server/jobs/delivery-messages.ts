/**
 * The delivery thread's nice value: below the request thread in the kernel's eyes (Linux keeps one per
 * thread), so on a busy machine a signup's answer goes first and its welcome email a moment later.
 */
export const DELIVERY_NICENESS = 10;

/** What the delivery thread and its host say to each other (`delivery-thread.ts`, `delivery-host.ts`). */
export type FromDeliveryThread =
  /** Up and delivering, at this nice value (higher is yielding more to the request thread). */
  | { kind: 'ready'; niceness: number }
  | { kind: 'stopped' }
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string; context?: unknown }
  | { kind: 'job-timed'; queue: string; seconds: number }
  | { kind: 'job-failed'; queue: string };

export type ToDeliveryThread = { kind: 'stop'; timeoutMs: number };
