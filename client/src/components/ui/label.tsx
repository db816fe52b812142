import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A plain <label>: Radix's Label adds only double-click text-selection handling, not worth its bytes here. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (or wrap the control)
    <label
      className={cn('text-sm font-semibold leading-none peer-disabled:cursor-not-allowed', className)}
      {...props}
    />
  );
}
