import { AUTH_BASE_PATH } from '@common/auth';
import { apiRequest } from '@/lib/api';

export type Credentials = { email: string; password: string };

export async function signInWithPassword(credentials: Credentials) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-in/email`, credentials);
}

export async function createAccount(details: Credentials & { firstName: string }) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-up/email`, {
    email: details.email,
    password: details.password,
    name: details.firstName,
  });
}

export async function emailSignInLink(email: string) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/sign-in/magic-link`, { email, callbackURL: '/' });
}
