/**
 * The data controller named on the privacy page (COMPANY_NAME, COMPANY_ADDRESS). Both are known only
 * when the server starts, so prerendered pages carry placeholders that the server swaps for the real
 * values, and every page it sends states them in meta tags the client reads when it hydrates.
 */
export const COMPANY_NAME_PLACEHOLDER = '__BALLAST_COMPANY_NAME__';
export const COMPANY_ADDRESS_PLACEHOLDER = '__BALLAST_COMPANY_ADDRESS__';
export const COMPANY_NAME_META = 'ballast-company-name';
export const COMPANY_ADDRESS_META = 'ballast-company-address';

/** Used when COMPANY_NAME is unset. */
export const DEFAULT_COMPANY_NAME = 'Ballast';

/** Shown in place of the postal address when COMPANY_ADDRESS is unset. */
export const COMPANY_ADDRESS_UNSET = 'postal address available on request by email';

export type Company = { name: string; address: string | null };
