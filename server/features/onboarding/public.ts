// The onboarding feature's public module: the only file of onboarding that other features import.
export { creatorsNamingPlatformSql, findOnboardingAnswers } from './store';
