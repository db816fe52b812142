import type { WaitlistSignupRequest, WaitlistSignupResponse } from '@common/waitlist-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { waitlistCountersQueryOptions } from './get-counters';

export function signUpForWaitlist(request: WaitlistSignupRequest): Promise<WaitlistSignupResponse> {
  return apiJson<WaitlistSignupResponse>('POST', '/api/waitlist/signup', request);
}

export function useSignUpForWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpForWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistCountersQueryOptions().queryKey }),
  });
}
