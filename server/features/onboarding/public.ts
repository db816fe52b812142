// The onboarding feature's public module: the only file of onboarding that other features import.

export { exportOnboardingData } from './account-data-store';
export { findCreatorsNamingPlatform, findOnboardingAnswers } from './store';
