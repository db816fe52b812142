import {
  type Blueprint,
  completeWeeks,
  currentWeekOf,
  isWeekComplete,
  PROGRESS_PER_WEEK,
  progressMessage,
} from '@common/blueprints';
import { formatCalendarDate, londonDate } from '@common/calendar';
import { CheckCircle2Icon, SparklesIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { LockedFeature } from '@/features/billing/public';
import { formatPounds } from '@/lib/format';
import { useGenerateBlueprint } from '../api/generate-blueprint';
import { useBlueprints } from '../api/get-blueprints';
import { useTickWeekTasks } from '../api/tick-week-tasks';
import { WeekCard } from './week-card';

function GenerateButton({ label }: { label: string }) {
  const generation = useGenerateBlueprint();

  async function generate() {
    try {
      await generation.mutateAsync();
    } catch {
      toast({ title: 'Generation Failed: Please try again later.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Blueprint Generated!' });
  }

  return (
    <Button size="lg" onClick={generate} disabled={generation.isPending}>
      <SparklesIcon aria-hidden="true" />
      {generation.isPending ? 'Generating...' : label}
    </Button>
  );
}

function ActiveBlueprint({ blueprint }: { blueprint: Blueprint }) {
  const ticking = useTickWeekTasks();
  const highlightedWeek = currentWeekOf(blueprint.steps, blueprint.ticked);
  const highlighted = blueprint.steps[highlightedWeek - 1];
  // Without the whole blueprint, the weeks after the preview are locked (the server answers 402).
  const hasLockedWeeks = blueprint.steps.some((step) => step.isLocked);

  async function saveTicks(week: number, ticked: number[]) {
    try {
      await ticking.mutateAsync({ id: blueprint.id, week, ticked });
    } catch {
      // Progress updates have no failure toast: the ticks go back to what is saved.
      return false;
    }
    return true;
  }

  /** A week is complete when its tasks are: this ticks every task of the current week. */
  async function markWeekComplete() {
    if (!highlighted) return;
    if (
      await saveTicks(
        highlightedWeek,
        highlighted.tasks.map((_, index) => index),
      )
    ) {
      toast({ title: 'Progress Updated' });
    }
  }

  return (
    <div className="grid gap-6">
      <Card className="grid gap-4 p-6">
        <div>
          <h2 className="font-display text-2xl font-black tracking-tight">{blueprint.title}</h2>
          <p className="mt-2 text-muted-foreground">{blueprint.description}</p>
          <p className="mt-2 text-xs text-muted-foreground" data-testid="written-by">
            {blueprint.generatedBy === 'model'
              ? 'Worded by an AI model from our planner’s plays and projection.'
              : 'Planned by Ballast’s planner from your answers and figures.'}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <p className="text-sm font-semibold text-muted-foreground">Progress</p>
            <div className="flex items-center gap-3">
              <Progress value={blueprint.progress} aria-label="Blueprint progress" />
              <span className="font-bold tabular-nums">{blueprint.progress}% complete</span>
            </div>
          </div>
          <div className="grid gap-1">
            <p className="text-sm font-semibold text-muted-foreground">Projected 30-day revenue</p>
            <p className="text-2xl font-black tabular-nums">
              {formatPounds(blueprint.projectedRevenue.min)} – {formatPounds(blueprint.projectedRevenue.max)}
            </p>
            {blueprint.projectionBasis && (
              <p className="text-sm text-muted-foreground" data-testid="projection-basis">
                {blueprint.projectionBasis}
              </p>
            )}
          </div>
        </div>
        <p role="status" className="font-semibold">
          {/* The messages speak of weeks done, so they follow complete weeks rather than the task share. */}
          {progressMessage(completeWeeks(blueprint.steps, blueprint.ticked) * PROGRESS_PER_WEEK)}
        </p>
        {hasLockedWeeks && <LockedFeature feature="fullBlueprint" />}
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={markWeekComplete}
            disabled={
              ticking.isPending ||
              !highlighted ||
              highlighted.isLocked ||
              isWeekComplete(highlighted, blueprint.ticked[highlightedWeek - 1])
            }
          >
            <CheckCircle2Icon aria-hidden="true" />
            Mark week complete
          </Button>
          <Button variant="outline" asChild>
            <Link href="/dashboard">Track revenue on your dashboard</Link>
          </Button>
        </div>
      </Card>
      <section aria-label="Weekly steps" className="grid gap-4 md:grid-cols-2">
        {blueprint.steps.map((step) => (
          <WeekCard
            key={step.week}
            step={step}
            ticked={blueprint.ticked[step.week - 1] ?? []}
            isHighlighted={step.week === highlightedWeek}
            isSaving={ticking.isPending}
            onChange={(ticked) => void saveTicks(step.week, ticked)}
          />
        ))}
      </section>
    </div>
  );
}

function CompletedList({ blueprints }: { blueprints: Blueprint[] }) {
  if (blueprints.length === 0) return null;
  return (
    <section aria-labelledby="completed-blueprints" className="grid gap-3">
      <h2 id="completed-blueprints" className="text-xl font-bold">
        Completed blueprints
      </h2>
      <ul className="grid gap-2">
        {blueprints.map((blueprint) => (
          <li key={blueprint.id}>
            <Card className="flex flex-wrap items-center justify-between gap-2 p-4">
              <span className="font-semibold">{blueprint.title}</span>
              <span className="text-sm text-muted-foreground">
                Completed{' '}
                {formatCalendarDate(londonDate(new Date(blueprint.completedAt ?? blueprint.updatedAt)))}
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /blueprint: the creator's 30-day plan, or the way to get one. */
export function BlueprintPage() {
  const blueprints = useBlueprints();
  const active = blueprints.data?.find((blueprint) => blueprint.status === 'active');
  const completed = blueprints.data?.filter((blueprint) => blueprint.status === 'completed') ?? [];
  const justCompleted = !active && completed[0];

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-6 px-4 py-10">
      <div>
        <h1 className="font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">
          Your 30-day blueprint
        </h1>
        <p className="mt-1 text-muted-foreground">
          Four weeks of tasks: each week is a quarter of your progress, each task its share of its week.
        </p>
      </div>
      {blueprints.isPending ? (
        <LoadingStatus />
      ) : blueprints.isError ? (
        <LoadFailed what="your blueprint" onRetry={() => void blueprints.refetch()} />
      ) : active ? (
        <ActiveBlueprint blueprint={active} />
      ) : (
        <>
          {justCompleted && (
            <Card className="grid gap-2 border-primary p-6" data-testid="completed-panel">
              <h2 className="text-2xl font-black">{progressMessage(100)}</h2>
              <p className="text-muted-foreground">
                “{justCompleted.title}” is done. Generate your next 30-day plan when you are ready.
              </p>
            </Card>
          )}
          <Card className="grid justify-items-start gap-4 p-6">
            <h2 className="text-xl font-bold">
              {justCompleted ? 'Ready for your next 30 days?' : 'Get your personalised 30-day plan'}
            </h2>
            <p className="text-muted-foreground">
              We build it from your onboarding answers and your latest health check: the weakest spots first,
              with concrete tasks for each week.
            </p>
            <GenerateButton label={justCompleted ? 'Generate a new blueprint' : 'Generate my blueprint'} />
          </Card>
          <CompletedList blueprints={completed} />
        </>
      )}
    </main>
  );
}
