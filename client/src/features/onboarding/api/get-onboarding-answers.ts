import type { SavedOnboarding } from '@common/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export function getOnboardingAnswers(): Promise<SavedOnboarding> {
  return apiJson<SavedOnboarding>('GET', '/api/user/onboarding');
}

export function onboardingAnswersQueryOptions() {
  return queryOptions({ queryKey: ['/api/user/onboarding'], queryFn: getOnboardingAnswers });
}

export function useOnboardingAnswers() {
  return useQuery(onboardingAnswersQueryOptions());
}
