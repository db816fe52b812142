import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type Step = { label: string; href?: string; isDone: boolean };

/** Shown until the creator has a health check: the few things that make Ballast useful. */
export default function GetStartedChecklist({
  hasRevenue,
  hasBlueprint,
}: {
  hasRevenue: boolean;
  hasBlueprint: boolean;
}) {
  const steps: Step[] = [
    { label: 'Tell us about your channel', isDone: true },
    { label: 'Add your revenue', href: '/dashboard', isDone: hasRevenue },
    { label: 'Run your health check', href: '/health-check', isDone: false },
    { label: 'Generate your 30-day blueprint', href: '/blueprint', isDone: hasBlueprint },
  ];
  return (
    <Card className="border-2 border-primary/50" data-testid="get-started">
      <CardHeader>
        <CardTitle as="h2">Get started</CardTitle>
        <CardDescription>Four steps to your first diagnosis and plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-2">
          {steps.map((step) => {
            const Icon = step.isDone ? CheckCircle2Icon : CircleIcon;
            const text = (
              <>
                <Icon
                  className={cn('size-5 shrink-0', step.isDone ? 'text-success' : 'text-muted-foreground')}
                  aria-hidden="true"
                />
                <span className={cn(step.isDone && 'text-muted-foreground line-through')}>{step.label}</span>
                <span className="sr-only">{step.isDone ? '(done)' : '(to do)'}</span>
              </>
            );
            return (
              <li key={step.label}>
                {step.href && !step.isDone ? (
                  <Link
                    href={step.href}
                    className="flex items-center gap-3 rounded-md border px-4 py-3 font-semibold hover:border-primary"
                  >
                    {text}
                  </Link>
                ) : (
                  <span className="flex items-center gap-3 rounded-md border px-4 py-3 font-semibold">
                    {text}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
