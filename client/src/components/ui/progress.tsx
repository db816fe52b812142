import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A determinate progress bar with the roles and values Radix's would give it, written plainly: Radix
 * Progress with its primitives costs about 3 kB gzipped on every page that shows one.
 */
export function Progress({
  className,
  value,
  indicatorClassName,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { value?: number | null; indicatorClassName?: string }) {
  const percent = Math.max(0, Math.min(100, value ?? 0));
  const state = percent === 100 ? 'complete' : 'loading';
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${Math.round(percent)}%`}
      data-state={state}
      data-value={percent}
      data-max={100}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        data-state={state}
        data-value={percent}
        data-max={100}
        className={cn('h-full w-full flex-1 bg-primary transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
