/** What the delivery thread and its host say to each other (`delivery-thread.ts`, `delivery-host.ts`). */
export type FromDeliveryThread =
  | { kind: 'ready' }
  | { kind: 'stopped' }
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string; context?: unknown }
  | { kind: 'job-timed'; queue: string; seconds: number }
  | { kind: 'job-failed'; queue: string };

export type ToDeliveryThread = { kind: 'stop'; timeoutMs: number };
