// Where the alerts and platforms features still import the plan checks from; new code imports
// billing/public.ts. Goes once they do.
export {
  filterUsersCovering,
  findEffectivePlan,
  requireFeature,
} from './entitlement-service';
export { userCoversSql } from './entitlement-store';
