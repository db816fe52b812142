// The alerts feature's public module: the only file of alerts that other features import.
export { alertOnHealthBands } from './bands';
export { publishBulletin } from './bulletins-service';
export { countBulletinReach, listBulletins } from './bulletins-store';
