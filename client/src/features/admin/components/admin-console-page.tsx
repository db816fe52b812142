import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingStatus } from '@/components/ui/query-status';
import { type ConsoleSection, ConsoleTabs } from './console-tabs';
import { WaitlistPanel } from './waitlist-panel';

/**
 * A panel behind a tab loads when its tab is chosen (decision 036), so the console's first load carries
 * only the waitlist; hovering or focusing the tab starts the download early.
 */
function section<M>(
  value: string,
  label: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): ConsoleSection {
  const Panel = lazy(() => load().then((module) => ({ default: pick(module) })));
  return {
    value,
    label,
    preload: () => void load().catch(() => {}),
    render: () => (
      <Suspense fallback={<LoadingStatus />}>
        <Panel />
      </Suspense>
    ),
  };
}

const SECTIONS: readonly ConsoleSection[] = [
  { value: 'waitlist', label: 'Waitlist', render: () => <WaitlistPanel /> },
  section(
    'inbox',
    'Inbox',
    () => import('./inbox-panel'),
    (module) => module.InboxPanel,
  ),
  section(
    'deliveries',
    'Deliveries',
    () => import('./deliveries-panel'),
    (module) => module.DeliveriesPanel,
  ),
  section(
    'bulletins',
    'Bulletins',
    () => import('./bulletins-panel'),
    (module) => module.BulletinsPanel,
  ),
  section(
    'users',
    'Users',
    () => import('./users-panel'),
    (module) => module.UsersPanel,
  ),
  section(
    'audit',
    'Audit log',
    () => import('./audit-log-panel'),
    (module) => module.AuditLogPanel,
  ),
];

/** /admin: the operators' console (ADMIN_EMAILS only; everyone else gets the not-found page). */
export default function AdminConsolePage() {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <p className="text-sm font-bold tracking-wide text-primary uppercase">Operators</p>
      <h1 className="mt-1 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">Console</h1>
      <ConsoleTabs sections={SECTIONS} label="Console sections" />
    </main>
  );
}
