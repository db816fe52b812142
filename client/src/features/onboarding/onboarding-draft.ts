import { fromStored, type OnboardingFormValues } from './onboarding-form';

/**
 * The answers given so far, kept in this browser as each is given so a reload (or a dropped
 * connection) does not lose them. Kept per account, and removed once the questionnaire is completed.
 * Nothing here is trusted: it is checked on the way in and the server checks the final submission.
 */
export type OnboardingDraft = { step: number; values: OnboardingFormValues };

const LAST_STEP = 3;

const keyFor = (userId: string) => `ballast:onboarding-draft:${userId}`;

export function loadOnboardingDraft(userId: string): OnboardingDraft | null {
  try {
    const stored = window.localStorage.getItem(keyFor(userId));
    if (!stored) return null;
    const draft: unknown = JSON.parse(stored);
    if (typeof draft !== 'object' || draft === null || !('step' in draft) || !('values' in draft))
      return null;
    const { step, values } = draft;
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > LAST_STEP) return null;
    return { step, values: fromStored(values) };
  } catch {
    // Storage switched off (private mode, a policy) or unreadable: start from the saved answers.
    return null;
  }
}

export function saveOnboardingDraft(userId: string, draft: OnboardingDraft) {
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify(draft));
  } catch {
    // Storage full or switched off: the wizard still works, it just cannot survive a reload.
  }
}

export function clearOnboardingDraft(userId: string) {
  try {
    window.localStorage.removeItem(keyFor(userId));
  } catch {
    // Nothing to clear.
  }
}
