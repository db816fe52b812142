import { displayName } from '@common/auth';
import type { CurrentUser } from '@common/auth-schemas';
import type { OnboardingAnswers } from '@common/onboarding';
import { ArrowLeftIcon, ArrowRightIcon, LogOutIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { useOnboardingAnswers } from '../api/get-onboarding-answers';
import {
  clearOnboardingDraft,
  loadOnboardingDraft,
  type OnboardingDraft,
  saveOnboardingDraft,
} from '../onboarding-draft';
import {
  firstIncompleteStep,
  type MissingAnswer,
  missingAnswers,
  type OnboardingFormValues,
  toFormValues,
  toSubmission,
} from '../onboarding-form';
import { STEPS } from './onboarding-steps';

function logOut() {
  window.location.assign('/api/logout');
}

/** /onboarding: the four-step questionnaire, prefilled with earlier answers when there are any. */
export function OnboardingPage({ user }: { user: CurrentUser }) {
  const saved = useOnboardingAnswers();
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-10 sm:py-14">
      <div className="mb-8 flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-bold tracking-wide text-primary uppercase">
            {user.onboardingCompleted ? 'Update your answers' : 'Welcome to Ballast'}
          </p>
          <h1 className="mt-1 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">
            Tell us about your channel
          </h1>
        </div>
        <Button variant="outline" size="sm" onClick={logOut}>
          <LogOutIcon aria-hidden="true" />
          Log out
        </Button>
      </div>
      {saved.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      ) : (
        <OnboardingWizard
          user={user}
          answers={saved.data?.answers ?? null}
          draft={loadOnboardingDraft(user.id)}
        />
      )}
    </main>
  );
}

function OnboardingWizard({
  user,
  answers,
  draft,
}: {
  user: CurrentUser;
  answers: OnboardingAnswers | null;
  draft: OnboardingDraft | null;
}) {
  const [step, setStep] = useState(draft?.step ?? 0);
  const [problems, setProblems] = useState<MissingAnswer[]>([]);
  const [, navigate] = useLocation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasMoved = useRef(false);
  const completion = useCompleteOnboarding({ onSaved: () => clearOnboardingDraft(user.id) });
  const [values, setValues] = useState<OnboardingFormValues>(() => draft?.values ?? toFormValues(answers));
  const isLastStep = step === STEPS.length - 1;

  // Each new step is announced by moving focus to its heading (not on the first render: the page's
  // own heading comes first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, which is the point
  useEffect(() => {
    if (hasMoved.current) headingRef.current?.focus();
  }, [step]);

  function goTo(next: number) {
    hasMoved.current = true;
    setProblems([]);
    saveOnboardingDraft(user.id, { step: next, values });
    setStep(next);
  }

  /** True when this step is answered; otherwise shows what is missing and focuses the first question. */
  function checkStep(index: number): boolean {
    const missing = missingAnswers(index, values);
    setProblems(missing);
    if (missing.length === 0) return true;
    const first = document.querySelector<HTMLInputElement>(`[name="${missing[0]!.field}"]`);
    first?.focus();
    return false;
  }
  const { title, description, Component } = STEPS[step]!;

  /**
   * Takes an answer and clears, there and then, what it answers: a fixed question shows no error. Each
   * answer is kept at once, so a tab the phone reloads (after a look at the analytics app, say) keeps it.
   */
  function answer(changes: Partial<OnboardingFormValues>) {
    const next = { ...values, ...changes };
    setValues(next);
    saveOnboardingDraft(user.id, { step, values: next });
    const stillMissing = new Set(missingAnswers(step, next).map((missing) => missing.field));
    setProblems((shown) => shown.filter((problem) => stillMissing.has(problem.field)));
  }

  async function complete() {
    const wasOnboarded = user.onboardingCompleted;
    const incomplete = firstIncompleteStep(values);
    if (incomplete !== null) {
      goTo(incomplete);
      setProblems(missingAnswers(incomplete, values));
      return;
    }
    try {
      await completion.mutateAsync(toSubmission(values));
    } catch (error) {
      toast({
        title: 'Onboarding Error',
        description: describeError(error, 'Failed to complete onboarding'),
        variant: 'destructive',
      });
      return;
    }
    toast(
      wasOnboarded
        ? { title: 'Answers Updated', description: 'Your next health check will use them.' }
        : {
            title: `Welcome to Ballast, ${displayName(user)}!`,
            description: "Let's see how exposed your income is to the algorithms.",
          },
    );
    // A first completion switches the route set, and the signed-in app moves on to the health check
    // itself; an update stays in the same route set, so it navigates here.
    if (wasOnboarded) navigate('/health-check');
  }

  // Enter in a text field moves to the next step; only the last step submits.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (completion.isPending || !checkStep(step)) return;
    if (isLastStep) void complete();
    else goTo(step + 1);
  }

  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate>
      <div className="mb-2 flex items-center justify-between text-sm font-semibold text-muted-foreground">
        <span>
          Step {step + 1} of {STEPS.length}
        </span>
        <span>{Math.round(((step + 1) / STEPS.length) * 100)}%</span>
      </div>
      <Progress
        value={((step + 1) / STEPS.length) * 100}
        aria-label={`Step ${step + 1} of ${STEPS.length}`}
      />

      <section className="mt-8 rounded-lg border-2 bg-card p-5 sm:p-8">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-black tracking-tight outline-none"
        >
          {title}
        </h2>
        <p className="mt-1 mb-8 text-muted-foreground">{description}</p>
        <Component values={values} onChange={answer} problems={problems} />
      </section>

      <div className="mt-6 flex items-center justify-between gap-4">
        {step > 0 ? (
          <Button variant="outline" onClick={() => goTo(step - 1)} disabled={completion.isPending}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span />
        )}
        {isLastStep ? (
          <Button key="complete" type="submit" size="lg" disabled={completion.isPending}>
            {completion.isPending ? 'Saving...' : 'Complete'}
          </Button>
        ) : (
          <Button key="next" type="submit" size="lg">
            Next
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        )}
      </div>
    </form>
  );
}
