/** The one address in the e2e server's ADMIN_EMAILS. */
export const E2E_OPERATOR_EMAIL = 'operator@ballast.test';

/** A second operator address, for the spec that signs an operator in with a password first. */
export const E2E_PASSWORD_OPERATOR_EMAIL = 'operator.password@ballast.test';
