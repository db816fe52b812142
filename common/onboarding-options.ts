import { PLATFORM_OPTIONS } from './creator-platforms';
import { CURRENT_STREAM_OPTIONS } from './revenue-sources';

/**
 * The onboarding questionnaire's option lists, shared by the wizard and the server's validation
 * (docs/product/app.md#onboarding). Values are what we store and what later features (health check,
 * blueprint) read; labels are what a creator sees. Platforms and streams were first named by their labels
 * (stored as snake_case values); challenge and timeframe by their values (decision 011).
 */
export type Option<Value extends string> = { readonly value: Value; readonly label: string };

export const AUDIENCE_SIZE_OPTIONS = [
  { value: '0-1k', label: '0-1k' },
  { value: '1k-5k', label: '1k-5k' },
  { value: '5k-10k', label: '5k-10k' },
  { value: '10k-50k', label: '10k-50k' },
  { value: '50k-100k', label: '50k-100k' },
  { value: '100k+', label: '100k+' },
] as const;

/** Pounds per month. */
export const MONTHLY_REVENUE_OPTIONS = [
  { value: '0', label: '£0' },
  { value: '1-500', label: '£1-500' },
  { value: '500-1000', label: '£500-1000' },
  { value: '1000-5000', label: '£1000-5000' },
  { value: '5000-10000', label: '£5000-10000' },
  { value: '10000+', label: '£10000+' },
] as const;

/** The income streams are the revenue tracker's source groups (common/revenue-sources.ts): one list. */
export { CURRENT_STREAM_OPTIONS, PLATFORM_OPTIONS };

export const BIGGEST_CHALLENGE_OPTIONS = [
  { value: 'algorithm', label: 'Algorithm changes keep cutting my reach' },
  { value: 'start', label: "I don't know where to start" },
  { value: 'time', label: 'Not enough time to build new income' },
  { value: 'audience', label: 'Growing my audience' },
  { value: 'conversion', label: 'Turning followers into paying customers' },
  { value: 'diversify', label: 'Diversifying beyond one platform' },
] as const;

export const GOAL_TIMEFRAME_OPTIONS = [
  { value: 'asap', label: 'ASAP (2 weeks)' },
  { value: '30days', label: '30 days' },
  { value: '60days', label: '60 days' },
  { value: '90days', label: '90 days' },
  { value: 'exploring', label: 'Just exploring' },
] as const;

export const CONTENT_NICHE_MAX_LENGTH = 100;

/** The option of `options` whose value is `value`, typed as that option's value, or null. */
export function optionValue<Value extends string>(
  options: readonly Option<Value>[],
  value: unknown,
): Value | null {
  return options.find((option) => option.value === value)?.value ?? null;
}

/** The values in `list` that are options of `options`, each once, in the order given. */
export function optionValues<Value extends string>(
  options: readonly Option<Value>[],
  list: unknown,
): Value[] {
  if (!Array.isArray(list)) return [];
  const chosen = list.map((value) => optionValue(options, value)).filter((value) => value !== null);
  return [...new Set(chosen)];
}
