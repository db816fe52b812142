import { PLATFORM_OPTIONS } from '@common/creator-platforms';
import {
  AUDIENCE_SIZE_OPTIONS,
  BIGGEST_CHALLENGE_OPTIONS,
  CONTENT_NICHE_MAX_LENGTH,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
} from '@common/onboarding';
import { useEffect, useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MissingAnswer, OnboardingFormOutput, OnboardingFormValues } from '../onboarding-form';
import { ChoiceGroup } from './choice-group';

type StepProps = {
  form: UseFormReturn<OnboardingFormValues, unknown, OnboardingFormOutput>;
  /** The questions left unanswered when the creator tried to move on. */
  problems: MissingAnswer[];
};

const problemFor = (problems: MissingAnswer[], field: MissingAnswer['field']) =>
  problems.find((problem) => problem.field === field)?.message;

export function PlatformsStep({ form, problems }: StepProps) {
  const { register, control, getValues, setValue } = form;
  const platforms = useWatch({ control, name: 'platforms' }) ?? [];
  const primaryOptions = PLATFORM_OPTIONS.filter((option) => platforms.includes(option.value));

  // A primary platform that was unticked above is no longer an answer.
  useEffect(() => {
    const primary = getValues('primaryPlatform');
    if (primary && !platforms.includes(primary)) setValue('primaryPlatform', '');
  }, [platforms, getValues, setValue]);

  return (
    <div className="grid gap-8">
      <ChoiceGroup
        legend="Which platforms do you create for?"
        hint="Tick every one you publish on."
        type="checkbox"
        options={PLATFORM_OPTIONS}
        registration={register('platforms')}
        error={problemFor(problems, 'platforms')}
      />
      {primaryOptions.length > 0 ? (
        <ChoiceGroup
          legend="Which one is your primary platform?"
          type="radio"
          options={primaryOptions}
          registration={register('primaryPlatform')}
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

export function AudienceStep({ form, problems }: StepProps) {
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
          {...form.register('contentNiche')}
        />
      </div>
      <ChoiceGroup
        legend="How big is your audience?"
        type="radio"
        columns={3}
        options={AUDIENCE_SIZE_OPTIONS}
        registration={form.register('audienceSize')}
        error={problemFor(problems, 'audienceSize')}
      />
    </div>
  );
}

export function IncomeStep({ form, problems }: StepProps) {
  return (
    <div className="grid gap-8">
      <ChoiceGroup
        legend="Monthly revenue (£)"
        type="radio"
        columns={3}
        options={MONTHLY_REVENUE_OPTIONS}
        registration={form.register('monthlyRevenue')}
        error={problemFor(problems, 'monthlyRevenue')}
      />
      <ChoiceGroup
        legend="Which income streams do you have today?"
        type="checkbox"
        options={CURRENT_STREAM_OPTIONS}
        registration={form.register('currentStreams')}
        error={problemFor(problems, 'currentStreams')}
      />
    </div>
  );
}

export function GoalsStep({ form, problems }: StepProps) {
  return (
    <div className="grid gap-8">
      <ChoiceGroup
        legend="What is your biggest challenge?"
        type="radio"
        options={BIGGEST_CHALLENGE_OPTIONS}
        registration={form.register('biggestChallenge')}
        error={problemFor(problems, 'biggestChallenge')}
      />
      <ChoiceGroup
        legend="When do you want a new income stream?"
        type="radio"
        columns={3}
        options={GOAL_TIMEFRAME_OPTIONS}
        registration={form.register('goalTimeframe')}
        error={problemFor(problems, 'goalTimeframe')}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-md border-2 px-4 py-3 text-sm font-semibold has-checked:border-primary has-checked:bg-primary/10">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('hasAnalytics')}
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
