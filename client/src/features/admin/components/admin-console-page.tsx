import { type ComponentType, lazy, Suspense } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
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

const PersonPage = lazy(() => import('./person-page').then((module) => ({ default: module.PersonPage })));

/**
 * /admin: the operators' console (ADMIN_EMAILS only; everyone else gets the not-found page). Each tab
 * has its address (`/admin/deliveries`), and so does each person (`/admin/people?email=`).
 */
export default function AdminConsolePage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [, , segment = SECTIONS[0]!.value] = location.split('/');
  const email = new URLSearchParams(search).get('email');
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <p className="text-sm font-bold tracking-wide text-primary uppercase">Operators</p>
      <h1 className="mt-1 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">Console</h1>
      {segment === 'people' ? (
        <div className="mt-8 grid gap-6">
          <Link
            href="/admin/users"
            className="text-sm font-semibold text-primary underline-offset-2 hover:underline"
          >
            Back to the console
          </Link>
          <Suspense fallback={<LoadingStatus />}>
            <PersonPage email={email?.trim().toLowerCase() ?? ''} />
          </Suspense>
        </div>
      ) : (
        <ConsoleTabs
          sections={SECTIONS}
          label="Console sections"
          chosen={segment}
          onChoose={(value) => navigate(`/admin/${value}`)}
        />
      )}
    </main>
  );
}
