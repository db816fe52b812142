import { formatPlanPrice, PLAN_IDS, PLANS, type PlanId, planBilling } from '@common/plans';
import { CheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { PlanChoice } from '../plan-choices';

type PlanCardsProps = {
  choices: Record<PlanId, PlanChoice>;
  /** The plan the creator came for (`?plan=`): marked, and its button focused. */
  chosenPlan?: PlanId | null;
  /** The plan whose payment is being started, if any. */
  pendingPlan: PlanId | null;
  isDisabled: boolean;
  onChoose(plan: PlanId): void;
  onManageBilling(): void;
};

/** The three plans (docs/product/plans.md), The Guardian marked most popular. */
export function PlanCards({
  choices,
  chosenPlan = null,
  pendingPlan,
  isDisabled,
  onChoose,
  onManageBilling,
}: PlanCardsProps) {
  return (
    <ul className="grid gap-5 md:grid-cols-3" aria-label="Plans">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const choice = choices[id];
        const titleId = `plan-${id}`;
        return (
          <li key={id} className="flex">
            <Card
              aria-labelledby={titleId}
              role="group"
              className={cn(
                'relative flex w-full flex-col',
                plan.isMostPopular && 'border-2 border-primary shadow-[0_0_0_4px] shadow-primary/15',
                chosenPlan === id && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
              )}
              data-chosen={chosenPlan === id ? 'true' : undefined}
            >
              {plan.isMostPopular && (
                <p className="absolute -top-3 left-5 rounded-full bg-primary px-3 py-0.5 text-xs font-black tracking-wide text-primary-foreground uppercase">
                  Most popular
                </p>
              )}
              <CardHeader className="pt-7">
                <CardTitle as="h2" id={titleId} className="text-2xl">
                  {plan.name}
                </CardTitle>
                <p>
                  <span className="font-display text-4xl font-black">{formatPlanPrice(plan)}</span>{' '}
                  <span className="text-sm text-muted-foreground">{planBilling(plan)}</span>
                </p>
                <CardDescription>{plan.summary}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                {choice.kind === 'owned' ? (
                  <Button className="w-full" variant="secondary" disabled>
                    {choice.label}
                  </Button>
                ) : choice.kind === 'switch' ? (
                  <Button
                    className="w-full"
                    variant="outline"
                    disabled={isDisabled}
                    onClick={onManageBilling}
                  >
                    Switch in Manage billing
                  </Button>
                ) : (
                  <Button
                    className="w-full"
                    variant={plan.isMostPopular || chosenPlan === id ? 'default' : 'outline'}
                    disabled={isDisabled}
                    autoFocus={chosenPlan === id}
                    onClick={() => onChoose(id)}
                  >
                    {pendingPlan === id ? 'Starting...' : `Choose ${plan.name}`}
                  </Button>
                )}
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
