import type { ImportSourceName } from '@common/revenue-import';
import { type RevenueSource, sourceLabel } from '@common/revenue-sources';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { SourceOptions } from './source-options';

const rows = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'row' : 'rows'}`;

/**
 * The names in the file the tracker could not place, each with a choice of source. The answers are
 * remembered for the creator's next import once this one is made.
 */
export function ImportNamesStep({
  names,
  answers,
  onAnswer,
  disabled,
}: {
  names: ImportSourceName[];
  answers: Record<string, RevenueSource>;
  onAnswer: (name: string, source: RevenueSource | '') => void;
  disabled: boolean;
}) {
  const id = useId();
  const asked = names.filter((name) => name.resolution === 'unknown' || name.resolution === 'chosen');
  const remembered = names.filter((name) => name.resolution === 'remembered');
  if (asked.length === 0 && remembered.length === 0) return null;
  return (
    <div className="grid gap-3">
      {asked.length > 0 && (
        <fieldset className="grid gap-3 rounded-md border border-primary/40 p-4">
          <legend className="px-1 font-semibold">Which source is each of these?</legend>
          <p className="text-sm text-muted-foreground">We will remember your answers for your next import.</p>
          {asked.map((name, index) => {
            const fieldId = `${id}-${index}`;
            return (
              <div key={name.name} className="grid gap-1 sm:grid-cols-2 sm:items-center sm:gap-4">
                <Label htmlFor={fieldId}>
                  “{name.name}” ({rows(name.rowCount)})
                </Label>
                <div className="grid gap-1">
                  <NativeSelect
                    id={fieldId}
                    value={answers[name.name] ?? ''}
                    disabled={disabled}
                    aria-describedby={name.suggestion ? `${fieldId}-hint` : undefined}
                    onChange={(event) => onAnswer(name.name, event.target.value as RevenueSource | '')}
                  >
                    <option value="">Choose a source</option>
                    <SourceOptions />
                  </NativeSelect>
                  {name.suggestion && !answers[name.name] && (
                    <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
                      Perhaps {sourceLabel(name.suggestion)}?
                    </p>
                  )}
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
      {remembered.length > 0 && (
        <p className="text-sm text-muted-foreground">
          From your earlier answers:{' '}
          {remembered.map((name) => `“${name.name}” is ${sourceLabel(name.source!)}`).join('; ')}.
        </p>
      )}
    </div>
  );
}
