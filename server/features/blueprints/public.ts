// The blueprints feature's public module: the only file of blueprints that other features import.
export { exportBlueprintData } from './export-service';
