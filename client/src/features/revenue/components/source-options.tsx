import { SOURCE_GROUPS } from '@common/revenue-sources';

/** Every source, grouped as creators think of their income (the same groups onboarding asks about). */
export function SourceOptions() {
  return SOURCE_GROUPS.map((group) => (
    <optgroup key={group.stream} label={group.label}>
      {group.sources.map((source) => (
        <option key={source.value} value={source.value}>
          {source.label}
        </option>
      ))}
    </optgroup>
  ));
}
