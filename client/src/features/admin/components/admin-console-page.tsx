import { Tabs } from 'radix-ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingStatus } from '@/components/ui/query-status';
import { WaitlistPanel } from './waitlist-panel';

/**
 * A panel behind a tab loads when its tab is chosen (decision 036), so the console's first load carries
 * only the waitlist; hovering or focusing the tab starts the download early.
 */
function panel<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const preload = () => load().then((module) => ({ default: pick(module) }));
  return Object.assign(lazy(preload), { preload: () => void preload().catch(() => {}) });
}

const SECTIONS = [
  { value: 'waitlist', label: 'Waitlist', Panel: WaitlistPanel },
  {
    value: 'inbox',
    label: 'Inbox',
    Panel: panel(
      () => import('./inbox-panel'),
      (module) => module.InboxPanel,
    ),
  },
  {
    value: 'deliveries',
    label: 'Deliveries',
    Panel: panel(
      () => import('./deliveries-panel'),
      (module) => module.DeliveriesPanel,
    ),
  },
  {
    value: 'bulletins',
    label: 'Bulletins',
    Panel: panel(
      () => import('./bulletins-panel'),
      (module) => module.BulletinsPanel,
    ),
  },
  {
    value: 'users',
    label: 'Users',
    Panel: panel(
      () => import('./users-panel'),
      (module) => module.UsersPanel,
    ),
  },
  {
    value: 'audit',
    label: 'Audit log',
    Panel: panel(
      () => import('./audit-log-panel'),
      (module) => module.AuditLogPanel,
    ),
  },
] as const;

/** /admin: the operators' console (ADMIN_EMAILS only; everyone else gets the not-found page). */
export default function AdminConsolePage() {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <p className="text-sm font-bold tracking-wide text-primary uppercase">Operators</p>
      <h1 className="mt-1 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">Console</h1>
      <Tabs.Root defaultValue="waitlist" className="mt-8">
        <Tabs.List aria-label="Console sections" className="flex flex-wrap gap-1 border-b">
          {SECTIONS.map(({ value, label, Panel }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              onPointerEnter={'preload' in Panel ? Panel.preload : undefined}
              onFocus={'preload' in Panel ? Panel.preload : undefined}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-bold text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {SECTIONS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="pt-6">
            <Suspense fallback={<LoadingStatus />}>
              <Panel />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}
