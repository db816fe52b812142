// The platforms feature's public module: the only file of platforms that other features import.

export { exportPlatformData } from './account-data-store';
export { findAudienceByPlatform } from './audience-store';
export {
  type ConnectedViewsMeasure,
  measureConnectedViews,
  measureCreatorViews,
  type ViewRules,
  type ViewWindows,
} from './connected-views-store';
export {
  findCreatorsConnectedTo,
  findPlatformsInUse,
  findScreenshotFigures,
  findSyncedAudience,
  findSyncedFigures,
  type MetricFigure,
  recordScreenshotMetrics,
} from './metrics-store';
export { type PlatformDeps, platformDepsOf } from './service';
export { startPlatformSync } from './sync';
