import type { CurrentUser } from '@common/auth-schemas';
import type { OnboardingResult, OnboardingSubmission } from '@common/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@/features/auth/public';
import { apiJson } from '@/lib/api';
import { onboardingAnswersQueryOptions } from './get-onboarding-answers';

export function completeOnboarding(answers: OnboardingSubmission): Promise<OnboardingResult> {
  return apiJson<OnboardingResult>('POST', '/api/user/onboarding', answers);
}

/**
 * On success the cached user becomes onboarded at once, which switches the route set, and is then
 * fetched again so the cache matches the server. `onSaved` runs first, while the wizard is still there
 * (the caller clears its kept draft then, not after the refetch, when the creator has moved on).
 */
export function useCompleteOnboarding(options: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async (result) => {
      options.onSaved?.();
      queryClient.setQueryData(onboardingAnswersQueryOptions().queryKey, { answers: result.answers });
      const userKey = userQueryOptions().queryKey;
      queryClient.setQueryData<CurrentUser | null>(userKey, (user) =>
        user ? { ...user, onboardingCompleted: true } : user,
      );
      await queryClient.invalidateQueries({ queryKey: userKey });
    },
  });
}
