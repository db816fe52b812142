/** What other features may use of this one; everything else here is its own. */
export { useAuth, userQueryOptions } from './api/get-user';
export { emailSignInLink } from './api/sign-in';
