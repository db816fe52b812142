import { type Blueprint, currentWeekOf } from '@common/blueprints';
import { Link } from 'wouter';
import { Progress } from '@/components/ui/progress';
import { LockedFeature } from '@/features/billing/public';
import { CardMessage, DashboardCard } from './dashboard-card';

const TASKS_SHOWN = 3;

/** The first 3 tasks of the current week, plus how many more there are. */
export function BlueprintProgressCard({ blueprints }: { blueprints: Blueprint[] | undefined }) {
  const active = blueprints?.find((blueprint) => blueprint.status === 'active');
  const week = active ? currentWeekOf(active.steps, active.ticked) : 0;
  const step = active?.steps.find((candidate) => candidate.week === week);
  const tasks = step?.tasks ?? [];

  return (
    <DashboardCard
      title="Blueprint Progress"
      link={{ href: '/blueprint', label: 'Open blueprint' }}
      testId="blueprint-card"
    >
      {blueprints === undefined ? (
        <CardMessage>Loading...</CardMessage>
      ) : !active ? (
        <div className="grid gap-3">
          <CardMessage>No active blueprint. Get a 30-day plan to build new income streams.</CardMessage>
          <Link href="/blueprint" className="font-semibold text-primary hover:underline">
            Generate your blueprint
          </Link>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="font-bold">{active.title}</p>
          <div className="flex items-center gap-3">
            <Progress value={active.progress} aria-label="Blueprint progress" />
            <span className="text-sm font-semibold tabular-nums">{active.progress}%</span>
          </div>
          <p className="text-sm font-semibold text-muted-foreground">
            Week {week}
            {step ? `: ${step.title}` : ''}
          </p>
          {tasks.length > 0 && (
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {tasks.slice(0, TASKS_SHOWN).map((task) => (
                <li key={task}>{task}</li>
              ))}
            </ul>
          )}
          {tasks.length > TASKS_SHOWN && <CardMessage>+{tasks.length - TASKS_SHOWN} more</CardMessage>}
          {step?.isLocked && <LockedFeature feature="fullBlueprint" />}
        </div>
      )}
    </DashboardCard>
  );
}
