import { PLANS } from '@common/plans';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { useUsersOverview } from '../api/get-users';
import { AccountSearch } from './account-search';
import { AdminTable, Cell, formatWhen } from './admin-table';
import { PersonLink } from './person-link';

const planName = (plan: string) => (plan in PLANS ? PLANS[plan as keyof typeof PLANS].name : 'No plan');

/** Accounts by plan and onboarding state, and the latest sign-ups. */
export function UsersPanel() {
  const users = useUsersOverview();
  if (users.isPending) return <LoadingStatus />;
  if (users.isError) return <LoadFailed what="accounts" onRetry={() => void users.refetch()} />;
  const { total, byPlan, onboarded, notOnboarded, recent } = users.data;
  const figures = [
    ['Accounts', total],
    ['Onboarded', onboarded],
    ['Still onboarding', notOnboarded],
    ...Object.entries(byPlan).map(([plan, count]) => [planName(plan), count] as const),
  ] as const;
  return (
    <div className="grid gap-4">
      <AccountSearch />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map(([label, count]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-xs font-bold text-muted-foreground uppercase">{label}</dt>
            <dd className="font-display text-2xl font-black">{count.toLocaleString('en-GB')}</dd>
          </div>
        ))}
      </dl>
      <AdminTable
        caption="Recent sign-ups"
        headers={['Email', 'First name', 'Plan', 'Onboarding', 'Signed up']}
      >
        {recent.map((user) => (
          <tr key={user.id}>
            <Cell>
              <PersonLink email={user.email} />
            </Cell>
            <Cell>{user.firstName || '–'}</Cell>
            <Cell>{planName(user.plan)}</Cell>
            <Cell>{user.onboardingCompleted ? 'Done' : 'Not yet'}</Cell>
            <Cell className="whitespace-nowrap">{formatWhen(user.createdAt)}</Cell>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
