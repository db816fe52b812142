/** What other features may use of this one; everything else here is its own. */
export { useRecentRevenue } from './api/get-revenue-entries';
export { useRevenueSummary } from './api/get-revenue-summary';
export { refreshRevenue } from './api/refresh-revenue';
