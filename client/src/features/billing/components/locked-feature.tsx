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
    <p className={cn('flex items-start gap-2 text-sm', className)}>
      <LockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        {FEATURES[feature].name}: opens with {plan.name}.{' '}
        <Link
          href={subscribePath(plan.id)}
          className="font-semibold whitespace-nowrap text-primary underline underline-offset-4"
        >
          Choose {plan.name}
        </Link>
      </span>
    </p>
  );
}
