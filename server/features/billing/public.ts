// The billing feature's public module: the only file of billing that other features import.

export { exportBillingData, findSubscriptionOf } from './account-data-store';
export {
  accountCovers,
  filterUsersCovering,
  findEffectivePlan,
  findEffectivePlans,
  findHeldPlans,
  planRequired,
  requireFeature,
} from './entitlement-service';
export { writeComplimentaryPlan } from './entitlement-store';
export type { Payments } from './payments';
export { listAccountPayments, type RefundDeps, refundAccountPayment } from './refund-service';
