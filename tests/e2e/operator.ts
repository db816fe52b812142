/** The one address in the e2e server's ADMIN_EMAILS. */
export const E2E_OPERATOR_EMAIL = 'operator@ballast.test';
