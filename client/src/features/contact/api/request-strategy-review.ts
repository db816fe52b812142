import type { ContactMessageResponse } from '@common/contact-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** POST /api/strategy-review: The Mastermind's monthly strategy review request. */
export const requestStrategyReview = (note?: string) =>
  apiJson<ContactMessageResponse>('POST', '/api/strategy-review', note ? { note } : {});

export const useRequestStrategyReview = () => useMutation({ mutationFn: requestStrategyReview });
