import {
  AUDIENCE_SIZE_OPTIONS,
  BIGGEST_CHALLENGE_OPTIONS,
  CONTENT_NICHE_MAX_LENGTH,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
  PLATFORM_OPTIONS,
} from '@common/onboarding-options';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MissingAnswer, OnboardingFormValues } from '../onboarding-form';
import { ChoiceGroup } from './choice-group';

type StepProps = {
  values: OnboardingFormValues;
  onChange: (changes: Partial<OnboardingFormValues>) => void;
  /** The questions left unanswered when the creator tried to move on. */
  problems: MissingAnswer[];
};

const problemFor = (problems: MissingAnswer[], field: MissingAnswer['field']) =>
  problems.find((problem) => problem.field === field)?.message;

export function PlatformsStep({ values, onChange, problems }: StepProps) {
  const primaryOptions = PLATFORM_OPTIONS.filter((option) => values.platforms.includes(option.value));
  // A primary platform that is unticked above is no longer an answer.
  const choosePlatforms = (platforms: string[]) =>
    onChange(platforms.includes(values.primaryPlatform) ? { platforms } : { platforms, primaryPlatform: '' });

  return (
    <div className="grid gap-8">
      <ChoiceGroup
        legend="Which platforms do you create for?"
        hint="Tick every one you publish on."
        name="platforms"
        options={PLATFORM_OPTIONS}
        answer={{ type: 'checkbox', value: values.platforms, onChange: choosePlatforms }}
        error={problemFor(problems, 'platforms')}
      />
      {primaryOptions.length > 0 ? (
        <ChoiceGroup
          legend="Which one is your primary platform?"
          name="primaryPlatform"
          options={primaryOptions}
          answer={{
            type: 'radio',
            value: values.primaryPlatform,
            onChange: (primaryPlatform) => onChange({ primaryPlatform }),
          }}
          error={problemFor(problems, 'primaryPlatform')}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          Tick your platforms above, then choose your primary one here.
        </p>
      )}
    </div>
  );
}

export function AudienceStep({ values, onChange, problems }: StepProps) {
  const nicheId = useId();
  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <Label htmlFor={nicheId} className="text-base font-extrabold">
          What is your content niche?
        </Label>
        <Input
          id={nicheId}
          placeholder="e.g. home cooking, tech reviews, fitness"
          maxLength={CONTENT_NICHE_MAX_LENGTH}
          autoComplete="off"
          name="contentNiche"
          value={values.contentNiche}
          onChange={(event) => onChange({ contentNiche: event.target.value })}
        />
      </div>
      <ChoiceGroup
        legend="How big is your audience?"
        name="audienceSize"
        columns={3}
        options={AUDIENCE_SIZE_OPTIONS}
        answer={{
          type: 'radio',
          value: values.audienceSize,
          onChange: (audienceSize) => onChange({ audienceSize }),
        }}
        error={problemFor(problems, 'audienceSize')}
      />
    </div>
  );
}

export function IncomeStep({ values, onChange, problems }: StepProps) {
  return (
    <div className="grid gap-8">
      <ChoiceGroup
        legend="Monthly revenue (£)"
        name="monthlyRevenue"
        columns={3}
        options={MONTHLY_REVENUE_OPTIONS}
        answer={{
          type: 'radio',
          value: values.monthlyRevenue,
          onChange: (monthlyRevenue) => onChange({ monthlyRevenue }),
        }}
        error={problemFor(problems, 'monthlyRevenue')}
      />
      <ChoiceGroup
        legend="Which income streams do you have today?"
        name="currentStreams"
        options={CURRENT_STREAM_OPTIONS}
        answer={{
          type: 'checkbox',
          value: values.currentStreams,
          onChange: (currentStreams) => onChange({ currentStreams }),
        }}
        error={problemFor(problems, 'currentStreams')}
      />
    </div>
  );
}

export function GoalsStep({ values, onChange, problems }: StepProps) {
  return (
    <div className="grid gap-8">
      <ChoiceGroup
        legend="What is your biggest challenge?"
        name="biggestChallenge"
        options={BIGGEST_CHALLENGE_OPTIONS}
        answer={{
          type: 'radio',
          value: values.biggestChallenge,
          onChange: (biggestChallenge) => onChange({ biggestChallenge }),
        }}
        error={problemFor(problems, 'biggestChallenge')}
      />
      <ChoiceGroup
        legend="When do you want a new income stream?"
        name="goalTimeframe"
        columns={3}
        options={GOAL_TIMEFRAME_OPTIONS}
        answer={{
          type: 'radio',
          value: values.goalTimeframe,
          onChange: (goalTimeframe) => onChange({ goalTimeframe }),
        }}
        error={problemFor(problems, 'goalTimeframe')}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-md border-2 px-4 py-3 text-sm font-semibold has-checked:border-primary has-checked:bg-primary/10">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          name="hasAnalytics"
          checked={values.hasAnalytics}
          onChange={(event) => onChange({ hasAnalytics: event.target.checked })}
        />
        I can open my analytics (YouTube Studio, Instagram Insights, TikTok Analytics) and share screenshots
      </label>
    </div>
  );
}

export const STEPS = [
  { title: 'Your platforms', description: 'Where your audience finds you.', Component: PlatformsStep },
  { title: 'Your content', description: 'What you make and who watches.', Component: AudienceStep },
  { title: 'Your income', description: 'What you earn today and from where.', Component: IncomeStep },
  {
    title: 'Your goals',
    description: 'What is in the way, and how soon you want to move.',
    Component: GoalsStep,
  },
] as const;
