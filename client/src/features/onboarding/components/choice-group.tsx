import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/utils';

type Choice = { readonly value: string; readonly label: string };

/** A question answered by ticking boxes (several answers) or picking one radio button. */
export function ChoiceGroup({
  legend,
  hint,
  type,
  options,
  registration,
  columns = 2,
  error,
}: {
  legend: string;
  hint?: string;
  type: 'checkbox' | 'radio';
  options: readonly Choice[];
  registration: UseFormRegisterReturn;
  columns?: 2 | 3;
  /** What is missing, said under the question and read with it. */
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-base font-extrabold">{legend}</legend>
      {hint && <p className="-mt-2 text-sm text-muted-foreground">{hint}</p>}
      <div className={cn('grid gap-2', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border-2 px-4 py-3 text-sm font-semibold transition-colors hover:border-foreground/50 has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type={type}
              value={option.value}
              className="size-4 shrink-0 accent-primary"
              {...registration}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
