import { AUTH_BASE_PATH } from '@common/auth';
import { apiRequest } from '@/lib/api';

/** A sign-in link to the operator's own address, coming back to the console. */
export async function emailConsoleLink(email: string) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-in/magic-link`, { email, callbackURL: '/admin' });
}
