// The screenshots feature's public module: the only file of screenshots that other features import.
export { exportScreenshotData } from './account-data-store';
export { startScreenshotAnalysis } from './analysis';
