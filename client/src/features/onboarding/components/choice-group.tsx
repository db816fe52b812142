import { useId } from 'react';
import { cn } from '@/lib/utils';

type Choice = { readonly value: string; readonly label: string };

type Answer =
  | { type: 'checkbox'; value: readonly string[]; onChange: (value: string[]) => void }
  | { type: 'radio'; value: string; onChange: (value: string) => void };

/** A question answered by ticking boxes (several answers) or picking one radio button. */
export function ChoiceGroup({
  legend,
  hint,
  name,
  options,
  answer,
  columns = 2,
  error,
}: {
  legend: string;
  hint?: string;
  /** The field's name, which the wizard uses to focus the first unanswered question. */
  name: string;
  options: readonly Choice[];
  answer: Answer;
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
              type={answer.type}
              name={name}
              value={option.value}
              checked={isChosen(answer, option.value)}
              onChange={(event) => choose(answer, option.value, event.target.checked)}
              className="size-4 shrink-0 accent-primary"
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

function isChosen(answer: Answer, value: string): boolean {
  return answer.type === 'radio' ? answer.value === value : answer.value.includes(value);
}

function choose(answer: Answer, value: string, checked: boolean) {
  if (answer.type === 'radio') {
    if (checked) answer.onChange(value);
    return;
  }
  const others = answer.value.filter((item) => item !== value);
  answer.onChange(checked ? [...others, value] : others);
}
