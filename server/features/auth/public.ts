// The auth feature's public module: the only file of auth that other features import.

export {
  deleteSignInLinksTo,
  deleteUserAccount,
  exportAuthData,
  writeProfile,
} from './account-data-store';
export { isOidcConfigured } from './better-auth';
export {
  type AuthSession,
  registerSignedInRoutes,
  type SignedIn,
  signedInSession,
  signedInUser,
} from './session';
export { clearedSessionCookie, hasSessionCookie } from './session-cookie';
export {
  type AccountSummary,
  countAccountsByOnboarding,
  findAccountByEmail,
  findAccountSummary,
  findAccountsByEmail,
  findAddressesOf,
  findPlanFacts,
  listNewestAccounts,
  lockAccount,
  markOnboardingCompleted,
  type PlanFacts,
} from './users-store';
