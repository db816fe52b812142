import { FEATURES, type Feature, PLANS, subscribePath } from '@common/plans';
import { LockIcon } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/**
 * Where a feature is locked: which plan opens it, and a link to /subscribe with that plan chosen
 * (the same words everywhere, from common/plans.ts).
 */
export function LockedFeature({ feature, className }: { feature: Feature; className?: string }) {
  const plan = PLANS[FEATURES[feature].plan];
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}>
      <LockIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        {FEATURES[feature].name}: opens with {plan.name}.
      </span>
      <Link href={subscribePath(plan.id)} className="font-semibold text-primary underline underline-offset-4">
        Choose {plan.name}
      </Link>
    </p>
  );
}
