import type { OnboardingAnswers, OnboardingSubmission } from '@common/onboarding';
import {
  AUDIENCE_SIZE_OPTIONS,
  BIGGEST_CHALLENGE_OPTIONS,
  CONTENT_NICHE_MAX_LENGTH,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
  optionValue,
  optionValues,
  PLATFORM_OPTIONS,
} from '@common/onboarding-options';

/**
 * The wizard's fields as the inputs hold them: an unanswered radio group is '', an unticked list is empty.
 * The wizard keeps them in its own state, without a form library or zod, so the page loads light
 * (decision 036); the server checks the submission against the shared schema.
 */
export type OnboardingFormValues = {
  platforms: string[];
  primaryPlatform: string;
  contentNiche: string;
  audienceSize: string;
  monthlyRevenue: string;
  currentStreams: string[];
  biggestChallenge: string;
  goalTimeframe: string;
  hasAnalytics: boolean;
};

export function toFormValues(answers: OnboardingAnswers | null): OnboardingFormValues {
  return {
    platforms: answers?.platforms ?? [],
    primaryPlatform: answers?.primaryPlatform ?? '',
    contentNiche: answers?.contentNiche ?? '',
    audienceSize: answers?.audienceSize ?? '',
    monthlyRevenue: answers?.monthlyRevenue ?? '',
    currentStreams: answers?.currentStreams ?? [],
    biggestChallenge: answers?.biggestChallenge ?? '',
    goalTimeframe: answers?.goalTimeframe ?? '',
    hasAnalytics: answers?.hasAnalytics ?? false,
  };
}

/**
 * What is sent: unanswered questions as null, the niche trimmed. Anything that is not one of the options
 * (a draft edited by hand, say) is dropped rather than sent.
 */
export function toSubmission(values: OnboardingFormValues): OnboardingSubmission {
  const platforms = optionValues(PLATFORM_OPTIONS, values.platforms);
  const primaryPlatform = optionValue(PLATFORM_OPTIONS, values.primaryPlatform);
  return {
    platforms,
    primaryPlatform: primaryPlatform && platforms.includes(primaryPlatform) ? primaryPlatform : null,
    contentNiche: values.contentNiche.trim().slice(0, CONTENT_NICHE_MAX_LENGTH) || null,
    audienceSize: optionValue(AUDIENCE_SIZE_OPTIONS, values.audienceSize),
    monthlyRevenue: optionValue(MONTHLY_REVENUE_OPTIONS, values.monthlyRevenue),
    currentStreams: optionValues(CURRENT_STREAM_OPTIONS, values.currentStreams),
    biggestChallenge: optionValue(BIGGEST_CHALLENGE_OPTIONS, values.biggestChallenge),
    goalTimeframe: optionValue(GOAL_TIMEFRAME_OPTIONS, values.goalTimeframe),
    hasAnalytics: values.hasAnalytics,
  };
}

/** Values read back from storage, whatever their shape: what is not an answer becomes unanswered. */
export function fromStored(stored: unknown): OnboardingFormValues {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? { ...stored } : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return {
    platforms: list(record.platforms),
    primaryPlatform: text(record.primaryPlatform),
    contentNiche: text(record.contentNiche),
    audienceSize: text(record.audienceSize),
    monthlyRevenue: text(record.monthlyRevenue),
    currentStreams: list(record.currentStreams),
    biggestChallenge: text(record.biggestChallenge),
    goalTimeframe: text(record.goalTimeframe),
    hasAnalytics: record.hasAnalytics === true,
  };
}

type Field = keyof OnboardingFormValues;
export type MissingAnswer = { field: Field; message: string };

/**
 * What each step must have before the next (decision 032): the questions the health check (platforms,
 * income, streams) and the blueprint (audience, challenge, timeframe) read. The niche stays optional;
 * "None Yet" answers the streams question.
 */
const STEP_REQUIREMENTS: readonly (readonly MissingAnswer[])[] = [
  [
    { field: 'platforms', message: 'Tick at least one platform you publish on.' },
    { field: 'primaryPlatform', message: 'Choose your primary platform.' },
  ],
  [{ field: 'audienceSize', message: 'Choose how big your audience is.' }],
  [
    { field: 'monthlyRevenue', message: 'Choose your monthly revenue, £0 included.' },
    { field: 'currentStreams', message: 'Tick your income streams, or None Yet.' },
  ],
  [
    { field: 'biggestChallenge', message: 'Choose your biggest challenge.' },
    { field: 'goalTimeframe', message: 'Choose when you want a new income stream.' },
  ],
];

function isAnswered(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return value !== null && value !== undefined;
}

/** The unanswered questions of one step (0-based), in the order they appear. */
export function missingAnswers(step: number, values: OnboardingFormValues): MissingAnswer[] {
  return (STEP_REQUIREMENTS[step] ?? []).filter((requirement) => !isAnswered(values[requirement.field]));
}

/** The first step (0-based) with an unanswered question, or null when every step is answered. */
export function firstIncompleteStep(values: OnboardingFormValues): number | null {
  const step = STEP_REQUIREMENTS.findIndex((_, index) => missingAnswers(index, values).length > 0);
  return step === -1 ? null : step;
}
