import type { ContactMessageRequest, ContactMessageResponse } from '@common/contact-schemas';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiJson, describeError } from '@/lib/api';

export type ContactResult = {
  success: boolean;
  error?: string;
  /** The server's reason per field when it refused the input (e.g. a message over the limit). */
  fields?: Record<string, string>;
};

/**
 * The contact service: never throws, answers a success flag and, on failure, an error message (which
 * the page logs but does not show: the visitor gets a generic toast).
 */
export async function sendContactMessage(message: ContactMessageRequest): Promise<ContactResult> {
  try {
    const answer = await apiJson<ContactMessageResponse>('POST', '/api/contact', message);
    return answer.success ? { success: true } : { success: false, error: answer.message };
  } catch (error) {
    const fields = error instanceof ApiError ? error.details?.fields : undefined;
    return { success: false, error: describeError(error, 'The message could not be sent.'), fields };
  }
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
