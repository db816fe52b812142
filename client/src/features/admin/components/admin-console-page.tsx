import { Tabs } from 'radix-ui';
import { AuditLogPanel } from './audit-log-panel';
import { BulletinsPanel } from './bulletins-panel';
import { DeliveriesPanel } from './deliveries-panel';
import { InboxPanel } from './inbox-panel';
import { UsersPanel } from './users-panel';
import { WaitlistPanel } from './waitlist-panel';

const SECTIONS = [
  { value: 'waitlist', label: 'Waitlist', Panel: WaitlistPanel },
  { value: 'inbox', label: 'Inbox', Panel: InboxPanel },
  { value: 'deliveries', label: 'Deliveries', Panel: DeliveriesPanel },
  { value: 'bulletins', label: 'Bulletins', Panel: BulletinsPanel },
  { value: 'users', label: 'Users', Panel: UsersPanel },
  { value: 'audit', label: 'Audit log', Panel: AuditLogPanel },
] as const;

/** /admin: the operators' console (ADMIN_EMAILS only; everyone else gets the not-found page). */
export default function AdminConsolePage() {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <p className="text-sm font-bold tracking-wide text-primary uppercase">Operators</p>
      <h1 className="mt-1 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">Console</h1>
      <Tabs.Root defaultValue="waitlist" className="mt-8">
        <Tabs.List aria-label="Console sections" className="flex flex-wrap gap-1 border-b">
          {SECTIONS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-bold text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {SECTIONS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="pt-6">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}
