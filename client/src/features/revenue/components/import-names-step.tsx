import { type ImportSourceName, nameFamily } from '@common/revenue-import';
import { type RevenueSource, sourceLabel } from '@common/revenue-sources';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { SourceOptions } from './source-options';

const rows = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'row' : 'rows'}`;

type Answer = (names: string[], source: RevenueSource | '') => void;

/** Names asked about, with those that start alike ("Sponsor – …") together, so one answer covers them. */
function groupAsked(asked: ImportSourceName[]) {
  const families = new Map<string, ImportSourceName[]>();
  for (const name of asked) {
    const family = nameFamily(name.name);
    if (family) families.set(family.toLowerCase(), [...(families.get(family.toLowerCase()) ?? []), name]);
  }
  const grouped = [...families.values()].filter((members) => members.length > 1);
  const inGroup = new Set(grouped.flat().map((name) => name.name));
  return { grouped, single: asked.filter((name) => !inGroup.has(name.name)) };
}

function SourceChoice({
  id,
  label,
  names,
  answers,
  suggestion,
  onAnswer,
  disabled,
}: {
  id: string;
  label: string;
  names: string[];
  answers: Record<string, RevenueSource>;
  suggestion: RevenueSource | null;
  onAnswer: Answer;
  disabled: boolean;
}) {
  const chosen = names.map((name) => answers[name] ?? '');
  const value = chosen.every((source) => source === chosen[0]) ? chosen[0]! : '';
  return (
    <div className="grid gap-1 sm:grid-cols-2 sm:items-center sm:gap-4">
      <Label htmlFor={id}>{label}</Label>
      <div className="grid gap-1">
        <NativeSelect
          id={id}
          value={value}
          disabled={disabled}
          aria-describedby={suggestion ? `${id}-hint` : undefined}
          onChange={(event) => onAnswer(names, event.target.value as RevenueSource | '')}
        >
          <option value="">Choose a source</option>
          <SourceOptions />
        </NativeSelect>
        {suggestion && !value && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Perhaps {sourceLabel(suggestion)}?
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The names in the file the tracker could not place, each with a choice of source; names that start
 * alike are answered together, and can still be answered one by one. The answers are remembered for the
 * creator's next import once this one is made.
 */
export function ImportNamesStep({
  names,
  answers,
  onAnswer,
  disabled,
}: {
  names: ImportSourceName[];
  answers: Record<string, RevenueSource>;
  onAnswer: Answer;
  disabled: boolean;
}) {
  const id = useId();
  const asked = names.filter((name) => name.resolution === 'unknown' || name.resolution === 'chosen');
  const remembered = names.filter((name) => name.resolution === 'remembered');
  if (asked.length === 0 && remembered.length === 0) return null;
  const { grouped, single } = groupAsked(asked);
  const choice = (name: ImportSourceName, key: string) => (
    <SourceChoice
      key={name.name}
      id={`${id}-${key}`}
      label={`“${name.name}” (${rows(name.rowCount)})`}
      names={[name.name]}
      answers={answers}
      suggestion={name.suggestion}
      onAnswer={onAnswer}
      disabled={disabled}
    />
  );
  return (
    <div className="grid gap-3">
      {asked.length > 0 && (
        <fieldset className="grid gap-3 rounded-md border border-primary/40 p-4">
          <legend className="px-1 font-semibold">Which source is each of these?</legend>
          <p className="text-sm text-muted-foreground">We will remember your answers for your next import.</p>
          {grouped.map((members, groupIndex) => {
            const family = nameFamily(members[0]!.name)!;
            const rowCount = members.reduce((sum, member) => sum + member.rowCount, 0);
            return (
              <div key={family} className="grid gap-2">
                <SourceChoice
                  id={`${id}-group-${groupIndex}`}
                  label={`All ${members.length} “${family} – …” names (${rows(rowCount)})`}
                  names={members.map((member) => member.name)}
                  answers={answers}
                  suggestion={members[0]!.suggestion}
                  onAnswer={onAnswer}
                  disabled={disabled}
                />
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">Answer them one by one</summary>
                  <div className="mt-2 grid gap-2">
                    {members.map((member, index) => choice(member, `group-${groupIndex}-${index}`))}
                  </div>
                </details>
              </div>
            );
          })}
          {single.map((name, index) => choice(name, String(index)))}
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
