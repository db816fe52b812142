import { z } from 'zod';
import type { OnboardingFormValues } from './onboarding-form';

/**
 * The answers given so far, kept in this browser after each step so a reload (or a dropped
 * connection) does not lose them. Kept per account, and removed once the questionnaire is completed.
 * Nothing here is trusted: it is checked on the way in and the server checks the final submission.
 */
const draftSchema = z.object({
  step: z.number().int().min(0).max(3),
  values: z.object({
    platforms: z.array(z.string()),
    primaryPlatform: z.string().nullable(),
    contentNiche: z.string(),
    audienceSize: z.string().nullable(),
    monthlyRevenue: z.string().nullable(),
    currentStreams: z.array(z.string()),
    biggestChallenge: z.string().nullable(),
    goalTimeframe: z.string().nullable(),
    hasAnalytics: z.boolean(),
  }),
});

export type OnboardingDraft = { step: number; values: OnboardingFormValues };

const keyFor = (userId: string) => `ballast:onboarding-draft:${userId}`;

export function loadOnboardingDraft(userId: string): OnboardingDraft | null {
  try {
    const stored = window.localStorage.getItem(keyFor(userId));
    if (!stored) return null;
    const parsed = draftSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
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
