// The shifts feature's public module: the only file of shifts that other features import.

export { assertShiftDetected, findShiftsForConsole, settleDetectedShift } from './console-service';
export { explainFall, type FallContext } from './service';
