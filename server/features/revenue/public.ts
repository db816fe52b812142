// The revenue feature's public module: the only file of revenue that other features import.

export { exportRevenueData } from './account-data-store';
export { ARRIVAL_MARGIN_DAYS } from './arrivals';
export { findIncomeWindow, type IncomeWindow, toMonthlyIncome } from './income-store';
export { findPaidBy, type PaidBy } from './payers-store';
export {
  releaseSyncedEntries,
  removeSyncedMonth,
  removeTypedMonth,
  replaceSyncedMonths,
  typedMonthTotals,
} from './synced-store';
export {
  type SourceMonthTotal,
  sourceMonthToDateTotals,
  sourceMonthTotals,
} from './totals-store';
export { revalueProvisionalEntries } from './valuing';
