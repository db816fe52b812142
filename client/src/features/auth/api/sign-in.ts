import { AUTH_BASE_PATH } from '@common/auth';
import { apiRequest } from '@/lib/api';

export type Credentials = { email: string; password: string };

export async function signInWithPassword(credentials: Credentials) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-in/email`, credentials);
}

/**
 * Creates the account, then signs in with the same password. The sign-up answers alike whether or not
 * the address already had an account (its owner is emailed instead), so only the sign-in tells: false
 * when it fails, and the page then says to check the inbox.
 */
export async function createAccount(details: Credentials & { firstName: string }): Promise<boolean> {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-up/email`, {
    email: details.email,
    password: details.password,
    name: details.firstName,
    callbackURL: '/',
  });
  try {
    await signInWithPassword(details);
    return true;
  } catch {
    return false;
  }
}

export async function emailSignInLink(email: string, callbackURL = '/') {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-in/magic-link`, { email, callbackURL });
}

export async function requestPasswordReset(email: string) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/request-password-reset`, {
    email,
    redirectTo: '/reset-password',
  });
}

export async function resetPassword(token: string, newPassword: string) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/reset-password`, { token, newPassword });
}

export async function resendVerificationEmail(email: string) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/send-verification-email`, { email, callbackURL: '/' });
}
