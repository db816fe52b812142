import type { ImportColumnChoice } from '@common/revenue-import';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { ApiError } from '@/lib/api';

/**
 * The file's own column names, from a refusal that says which columns it expected and which it found
 * (the server lists them as `column 1`, `column 2`, …), or null for any other refusal.
 */
export function fileColumnsOf(error: unknown): string[] | null {
  const fields = error instanceof ApiError ? error.details?.fields : undefined;
  if (!fields?.missing) return null;
  const columns = Object.entries(fields)
    .filter(([key]) => /^column \d+$/.test(key))
    .sort(([a], [b]) => Number(a.slice(7)) - Number(b.slice(7)))
    .map(([, name]) => name);
  return columns.length > 0 ? columns : null;
}

const ROLES = [
  { role: 'date', label: 'Date', isRequired: true, hint: /date|month|day|time/ },
  {
    role: 'amount',
    label: 'Amount',
    isRequired: true,
    hint: /amount|earn|pay|net|revenue|£|gbp/,
  },
  { role: 'source', label: 'Source (where the money came from)', isRequired: false, hint: /source|platform/ },
  { role: 'description', label: 'Description', isRequired: false, hint: /desc|note|memo|detail|item/ },
] as const;

type Choice = Record<(typeof ROLES)[number]['role'], string>;

/** A first guess from the names, so a file with plain names needs only a check. */
function guess(columns: string[]): Choice {
  const taken = new Set<string>();
  const pick = (hint: RegExp) => {
    const found = columns.find((column) => !taken.has(column) && hint.test(column.toLowerCase())) ?? '';
    if (found) taken.add(found);
    return found;
  };
  return Object.fromEntries(ROLES.map(({ role, hint }) => [role, pick(hint)])) as Choice;
}

/** The creator says which of the file's columns is the date, the amount and the source or description. */
export function ImportColumnsStep({
  columns,
  disabled,
  onChoose,
}: {
  columns: string[];
  disabled: boolean;
  onChoose: (choice: ImportColumnChoice) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<Choice>(() => guess(columns));
  const isComplete = choice.date !== '' && choice.amount !== '' && (choice.source || choice.description);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete) return;
    onChoose({
      date: choice.date,
      amount: choice.amount,
      ...(choice.source ? { source: choice.source } : {}),
      ...(choice.description ? { description: choice.description } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md border border-primary/40 p-4">
      <h3 className="font-semibold">Match your columns</h3>
      <p className="text-sm text-muted-foreground">
        Choose which of your file's columns holds each of these. The source or the description names where the
        money came from; we ask once about names we do not know.
      </p>
      {ROLES.map(({ role, label, isRequired }) => (
        <div key={role} className="grid gap-1 sm:grid-cols-2 sm:items-center sm:gap-4">
          <Label htmlFor={`${id}-${role}`}>{label}</Label>
          <NativeSelect
            id={`${id}-${role}`}
            value={choice[role]}
            disabled={disabled}
            onChange={(event) => setChoice((current) => ({ ...current, [role]: event.target.value }))}
          >
            <option value="">{isRequired ? 'Choose a column' : 'None'}</option>
            {columns.map((column) => (
              <option key={column} value={column}>
                {column}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
      <div className="flex justify-end">
        <Button type="submit" variant="outline" disabled={disabled || !isComplete}>
          Use these columns
        </Button>
      </div>
    </form>
  );
}
