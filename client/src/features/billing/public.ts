/** What other features may use of this one; everything else here is its own. */
export { billingStatusQueryOptions, usePlanCovers } from './api/get-billing-status';
export { LockedFeature } from './components/locked-feature';
