// The shifts feature's public module: the only file of shifts that other features import.

export { assertShiftDetected, findShiftsForConsole, settleDetectedShift } from './console-service';
export { startShiftDetection } from './job';
export { explainFall, type FallContext } from './service';
