import { CheckCircle2Icon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The screen waits this long after a run is asked for before sending it. */
export const HEALTH_CHECK_DELAY_MS = 3000;

const CHECKS = [
  'Reading your revenue streams',
  'Measuring algorithm dependency',
  'Checking platform concentration',
  'Scoring your resilience',
];

/** While running, a progress panel with four check lines, ticked off over the wait. */
export function RunningPanel() {
  const [done, setDone] = useState(0);
  useEffect(() => {
    const step = HEALTH_CHECK_DELAY_MS / CHECKS.length;
    const timer = setInterval(() => setDone((count) => Math.min(CHECKS.length - 1, count + 1)), step);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card className="grid gap-4 p-6" data-testid="health-running">
      <h2 className="text-xl font-bold" role="status">
        Analysing your income...
      </h2>
      <ul className="grid gap-3">
        {CHECKS.map((check, index) => {
          const isDone = index < done;
          const Icon = isDone ? CheckCircle2Icon : LoaderCircleIcon;
          return (
            <li key={check} className="flex items-center gap-3">
              <Icon
                className={cn('size-5 shrink-0', isDone ? 'text-success' : 'animate-spin text-primary')}
                aria-hidden="true"
              />
              <span className={cn(!isDone && 'font-semibold')}>{check}</span>
              <span className="sr-only">{isDone ? '(done)' : '(in progress)'}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
