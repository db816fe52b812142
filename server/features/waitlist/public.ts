// The waitlist feature's public module: the only file of waitlist that other features import.

export { deleteWaitlistPlace, exportWaitlistPlace } from './account-data-store';
export { startWaitlistLapses } from './confirm-service';
export {
  findPlaceByEmail,
  findSignupAddresses,
  findSignupPage,
  findSignupsAfter,
  type ListedSignup,
  type PlaceOfAddress,
} from './listing-store';
export {
  actOnPlaces,
  type OperatorDeps,
  type PlaceAction,
  releaseSetAsidePlace,
  voidReferralAsOperator,
} from './operator-service';
export { waitlistOverview } from './operator-store';
export {
  findLifetimePlace,
  type LifetimePlace,
  lifetimePlaceHolders,
  lockLifetimePlace,
  markLifetimePlacePaid,
} from './place-store';
