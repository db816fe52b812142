import { weekPercent } from '@common/blueprints';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { LockedFeature } from '@/features/billing/public';
import { cn } from '@/lib/utils';

type Step = { week: number; title: string; description: string; tasks: string[]; isLocked: boolean };

/** One week of the plan: its tasks to tick (saved as they are ticked) and the share of them done. */
export function WeekCard({
  step,
  ticked,
  isHighlighted,
  isSaving,
  onChange,
}: {
  step: Step;
  ticked: readonly number[];
  isHighlighted: boolean;
  isSaving: boolean;
  onChange: (ticked: number[]) => void;
}) {
  const headingId = useId();
  const percent = weekPercent(step, ticked);

  function toggle(index: number) {
    const next = new Set(ticked);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    onChange([...next].sort((a, b) => a - b));
  }

  return (
    <Card
      aria-labelledby={headingId}
      aria-current={isHighlighted ? 'step' : undefined}
      data-testid={`week-card-${step.week}`}
      className={cn('grid gap-3 p-5', isHighlighted && 'border-primary ring-2 ring-primary')}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-bold tracking-wide text-primary uppercase">Week {step.week}</p>
          <h3 id={headingId} className="text-lg font-bold">
            {step.title}
          </h3>
        </div>
        <span className="text-sm font-semibold tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label={`Week ${step.week} progress`} />
      <p className="text-sm text-muted-foreground">{step.description}</p>
      {step.isLocked && <LockedFeature feature="fullBlueprint" />}
      <ul className="grid gap-2">
        {step.tasks.map((task, index) => (
          <li key={task}>
            <label className="flex min-h-11 items-start gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={ticked.includes(index)}
                disabled={isSaving}
                onChange={() => toggle(index)}
              />
              <span className={cn(ticked.includes(index) && 'text-muted-foreground line-through')}>
                {task}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}
