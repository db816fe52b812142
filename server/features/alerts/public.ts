// The alerts feature's public module: the only file of alerts that other features import.

export { exportAlertData } from './account-data-store';
export { alertOnHealthBands } from './bands';
export { publishBulletin } from './bulletins-service';
export { countBulletinReach, listBulletins } from './bulletins-store';
export { findLiveFalls, type LiveFall } from './live-falls-store';
export { startAlertScan } from './scan';
